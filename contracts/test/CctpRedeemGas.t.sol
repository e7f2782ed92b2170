// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {console2} from "forge-std/console2.sol";
import {Vm} from "forge-std/Vm.sol";
import {CctpTwoDomains} from "./support/CctpTwoDomains.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {JunctionCctpReceiver} from "../src/JunctionCctpReceiver.sol";

/// @notice The gas of a CCTP redeem on the destination chain (what Junction's relayer pays, charged to the route as
/// REDEEM_GAS + the destination steps' gas + the call's gas): the receiver's two receiveMessage (two attestations, two
/// used nonces, the mint), the fee and router transfers and its event, around the router's Across handler. Each figure
/// is one test (every account and slot starts cold, as in a real transaction) and is logged as transaction gas
/// (21,000 + calldata + execution - refunds, as RouterGasTable measures it). The relayer and the leg's receiver
/// already hold USDC and WETH; the V2 pair traded in an earlier block.
///   R0: redeem of a leg without steps (the minted USDC paid to the receiver): the redeem's whole cost without a step.
///   R1 / R3: redeem of a leg of one V2 / V3 swap; A1: the same V2 leg delivered by an Across SpokePool (a registered
///   messenger calling handleV3AcrossMessage with the USDC already in the router). R1 - A1 is the receiver's overhead
///   over Across's delivery; R1 - steps.uniswap-v2.first and R3 - steps.uniswap-v3.first what REDEEM_GAS must cover
///   for the router gas table's step rows to complete the charge.
contract CctpRedeemGasTest is CctpTwoDomains {
    string internal constant TABLE = "../src/main/resources/dev/junction/protocol/router-gas.json";
    uint256 internal constant AMOUNT_IN = 1_000e6;
    uint256 internal constant REDEEM_FEE = 2e6;
    uint256 internal constant DELIVERED = AMOUNT_IN - REDEEM_FEE;

    address internal beneficiary = makeAddr("beneficiary");
    address internal acrossSpokePool = makeAddr("acrossSpokePool");
    Leg internal noSteps;
    Leg internal v2Leg;
    Leg internal v3Leg;
    bytes internal v2RouteMessage;

    function setUp() public {
        _deployTwoDomains();
        vm.prank(routerOwner);
        router.setBridgeMessenger(acrossSpokePool, true);
        _fund(address(usdc), relayer, 1e6);
        _fund(address(usdc), beneficiary, 1e6);
        _fund(weth, beneficiary, 1e15);
        vm.warp(block.timestamp + 12);
        vm.roll(block.number + 1);
        // the pools traded in an earlier block (V2's cumulative prices and V3's fee growth non-zero), as on a live chain
        _fund(address(usdc), address(this), 20e6);
        _trade(v2Step(), 10e6);
        _trade(_v3Step(address(usdc), weth, 1), 10e6);

        IJunctionRouter.RouteParams memory p = _params(address(usdc), DELIVERED, address(usdc), DELIVERED, beneficiary);
        noSteps = _burn(AMOUNT_IN, REDEEM_FEE, p, new IJunctionRouter.Step[](0));
        uint256 v2Out = _v2Out(DELIVERED, address(usdc), weth);
        p = _params(address(usdc), DELIVERED, weth, v2Out * 99 / 100, beneficiary);
        IJunctionRouter.Step[] memory s = _one(_v2Step(address(usdc), weth, v2Out * 99 / 100));
        v2Leg = _burn(AMOUNT_IN, REDEEM_FEE, p, s);
        v2RouteMessage = abi.encode(p, s);
        uint256 v3Out = _v3Out(DELIVERED, address(usdc), weth);
        p = _params(address(usdc), DELIVERED, weth, v3Out * 99 / 100, beneficiary);
        v3Leg = _burn(AMOUNT_IN, REDEEM_FEE, p, _one(_v3Step(address(usdc), weth, v3Out * 99 / 100)));
        vm.warp(block.timestamp + 12);
        vm.roll(block.number + 1);
    }

    function v2Step() internal view returns (IJunctionRouter.Step memory) {
        return _v2Step(address(usdc), weth, 1);
    }

    function _trade(IJunctionRouter.Step memory step, uint256 amount) internal {
        usdc.approve(address(router), amount);
        router.executeRoute(_params(address(usdc), amount, weth, 1, address(this)), _one(step));
    }

    // ---------------------------------------------------------------- measuring (as RouterGasTable)

    function _calldataGas(bytes memory data) internal pure returns (uint256 gas) {
        for (uint256 i; i < data.length; ++i) {
            gas += data[i] == 0 ? 4 : 16;
        }
    }

    function markTransient() external {
        assembly {
            tstore(0x6a67, 1)
        }
    }

    function readTransient() external view returns (uint256 v) {
        assembly {
            v := tload(0x6a67)
        }
    }

    function _transactionGas(address from, address to, bytes memory call) internal returns (uint256) {
        this.markTransient();
        bool isolated = this.readTransient() == 0;
        vm.prank(from);
        (bool ok, bytes memory reason) = to.call(call);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        Vm.Gas memory g = vm.lastCallGas();
        if (isolated) return g.gasTotalUsed;
        uint256 gross = 21_000 + _calldataGas(call) + g.gasTotalUsed;
        uint256 refund = g.gasRefunded > 0 ? uint256(int256(g.gasRefunded)) : 0;
        return gross - (refund < gross / 5 ? refund : gross / 5);
    }

    function _redeemGas(Leg memory l) internal returns (uint256 gas) {
        uint256 relayerBefore = usdc.balanceOf(relayer);
        gas = _transactionGas(
            relayer,
            address(receiver),
            abi.encodeCall(
                JunctionCctpReceiver.redeem, (l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message)
            )
        );
        assertEq(usdc.balanceOf(relayer) - relayerBefore, REDEEM_FEE, "the redeem ran");
        assertEq(usdc.balanceOf(address(receiver)), 0);
    }

    function _entry(string memory key) internal view returns (uint256) {
        return vm.parseJsonUint(vm.readFile(TABLE), string.concat(".", key));
    }

    function _log(string memory label, uint256 gas, string memory extra) internal pure {
        console2.log(string.concat(label, ": transaction gas ", vm.toString(gas), extra));
    }

    // ---------------------------------------------------------------- figures

    function test_R0_redeemWithoutSteps() public {
        uint256 gas = _redeemGas(noSteps);
        _log("R0 cctp redeem, leg without steps", gas, "");
        assertLt(gas, 250_000, "the redeem's own cost grew");
    }

    function test_R1_redeemOfAV2Leg() public {
        uint256 gas = _redeemGas(v2Leg);
        uint256 implied = gas - _entry("steps.uniswap-v2.first");
        _log(
            "R1 cctp redeem, one V2 step",
            gas,
            string.concat(
                ", less the table's V2 step ",
                vm.toString(implied),
                "; leg message ",
                vm.toString(v2Leg.message.length),
                " bytes"
            )
        );
        assertGt(IERC20(weth).balanceOf(beneficiary), 1e15);
    }

    function test_R3_redeemOfAV3Leg() public {
        uint256 gas = _redeemGas(v3Leg);
        uint256 implied = gas - _entry("steps.uniswap-v3.first");
        _log("R3 cctp redeem, one V3 step", gas, string.concat(", less the table's V3 step ", vm.toString(implied)));
    }

    /// @dev The same V2 leg as Across delivers it: the SpokePool has paid the router and calls the handler.
    function test_A1_acrossDeliveryOfTheSameV2Leg() public {
        // the USDC the SpokePool transferred (written to the balance slot directly: no call warms the token)
        vm.store(address(usdc), keccak256(abi.encode(address(router), uint256(0))), bytes32(DELIVERED));
        uint256 gas = _transactionGas(
            acrossSpokePool,
            address(router),
            abi.encodeCall(JunctionRouter.handleV3AcrossMessage, (address(usdc), DELIVERED, relayer, v2RouteMessage))
        );
        _log("A1 across delivery, one V2 step", gas, "");
        assertEq(usdc.balanceOf(address(router)), 0, "the leg ran");
    }
}
