// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {RouterOnly} from "../src/adapters/RouterOnly.sol";
import {AcrossAdapter} from "../src/adapters/AcrossAdapter.sol";
import {CctpAdapter} from "../src/adapters/CctpAdapter.sol";
import {CurveStableSwapAdapter} from "../src/adapters/CurveStableSwapAdapter.sol";
import {UniswapV2Adapter} from "../src/adapters/UniswapV2Adapter.sol";

/// @notice An attacker's "Curve pool": names the tokens the adapter holds as its coins and, in exchange, takes what
/// the adapter approved it for.
contract GrabbingCurvePool {
    address[2] internal tokens;
    address internal immutable thief;

    constructor(address a, address b, address thief_) {
        tokens = [a, b];
        thief = thief_;
    }

    function coins(uint256 i) external view returns (address) {
        return tokens[i];
    }

    function exchange(int128 i, int128, uint256 dx, uint256) external returns (uint256) {
        IERC20(tokens[uint256(int256(i))]).transferFrom(msg.sender, thief, dx);
        return 0;
    }
}

/// @notice Attacks on the adapters themselves: every adapter's entry point (swap, bridge) answers only its router
/// (RouterOnly), so tokens left in an adapter, the approvals it gives and the deposits it makes cannot be triggered by
/// anyone else, the router's owner included.
contract AdapterAccessTest is RealEvm {
    address internal attacker = makeAddr("attacker");
    address internal user = makeAddr("user");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
    }

    function test_everyAdapterNamesItsRouter() public view {
        assertEq(v2Adapter.router(), address(router));
        assertEq(v3Adapter.router(), address(router));
        assertEq(curveAdapter.router(), address(router));
        assertEq(cctpAdapter.router(), address(router));
    }

    /// @dev The Curve adapter approves the pool named in calldata: called directly, it would approve the attacker's
    /// pool for a token left in the adapter.
    function test_curve_attackerCannotApproveItsPoolForALeftToken() public {
        usdc.mint(address(curveAdapter), 1_000e6);
        GrabbingCurvePool fake = new GrabbingCurvePool(address(usdc), address(dai), attacker);
        for (uint256 k; k < 2; ++k) {
            address caller = k == 0 ? attacker : routerOwner;
            vm.prank(caller);
            vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, caller));
            curveAdapter.swap(address(usdc), address(dai), 1_000e6, attacker, abi.encode(address(fake), int128(0), int128(1)));
        }
        assertEq(usdc.balanceOf(address(curveAdapter)), 1_000e6);
        assertEq(usdc.balanceOf(attacker), 0);
        assertEq(usdc.allowance(address(curveAdapter), address(fake)), 0);
    }

    /// @dev The CCTP adapter burns to the mint recipient named in calldata: called directly, it would burn a token left
    /// in it for the attacker on the destination domain.
    function test_cctp_attackerCannotBurnALeftTokenToItself() public {
        usdc.mint(address(cctpAdapter), 1_000e6);
        bytes memory toAttacker = abi.encode(CctpAdapter.CctpBurn(3, bytes32(uint256(uint160(attacker))), 8453, ""));
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, attacker));
        cctpAdapter.bridge(address(usdc), 1_000e6, toAttacker);
        assertEq(usdc.balanceOf(address(cctpAdapter)), 1_000e6);
        assertEq(cctpTransmitter.nextAvailableNonce(), 0, "a burn was made");
    }

    /// @dev The Across adapter deposits to the recipient named in calldata (to a real SpokePool it would pay the
    /// attacker on the destination chain); the check comes before any call to the SpokePool.
    function test_across_attackerCannotDepositALeftTokenToItself() public {
        AcrossAdapter across = new AcrossAdapter(address(router), makeAddr("spokePool"));
        usdc.mint(address(across), 1_000e6);
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, attacker));
        across.bridge(address(usdc), 1_000e6, abi.encode(_acrossDeposit(attacker, 1_000e6)));
        assertEq(usdc.balanceOf(address(across)), 1_000e6);
        assertEq(usdc.allowance(address(across), makeAddr("spokePool")), 0);
    }

    /// @dev The V2 and V3 adapters swap for the caller: called directly, neither runs a swap (the V3 pool's callback
    /// is the router paying, so nothing else can make it pay).
    function test_uniswap_directSwapRefused() public {
        address pair = v2Adapter.pairFor(address(usdc), weth);
        usdc.mint(pair, 1_000e6); // input sitting in the pair, as between the router's transfer and its swap
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, attacker));
        v2Adapter.swap(address(usdc), weth, 1_000e6, attacker, "");
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, attacker));
        v3Adapter.swap(address(usdc), weth, 1_000e6, attacker, abi.encode(V3_FEE));
        assertEq(IERC20(weth).balanceOf(attacker), 0);
    }

    /// @dev An adapter built for another router cannot be used by this one even when its owner registers it: the
    /// step reverts, the user's tokens stay.
    function test_adapterOfAnotherRouterRefusesThisRouter() public {
        UniswapV2Adapter foreign =
            new UniswapV2Adapter(makeAddr("otherRouter"), v2Factory, V2_PAIR_INIT_CODE_HASH, 997, 1000);
        vm.prank(routerOwner);
        router.setAdapter(address(foreign), true);
        usdc.mint(user, 1_000e6);
        vm.startPrank(user);
        usdc.approve(address(router), 1_000e6);
        IJunctionRouter.Step[] memory s =
            _one(IJunctionRouter.Step(0, address(foreign), address(usdc), weth, 1, ""));
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, address(router)));
        router.executeRoute(_params(address(usdc), 1_000e6, weth, 1, user), s);
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), 1_000e6);
    }

    /// @dev Through the router the same adapters work (a Curve swap and a CCTP burn), and keep nothing.
    function test_throughTheRouterTheyRun() public {
        usdc.mint(user, 2_000e6);
        vm.startPrank(user);
        usdc.approve(address(router), 2_000e6);
        router.executeRoute(_params(address(usdc), 1_000e6, address(dai), 1, user), _one(_curveStep(address(usdc), address(dai), 1)));
        bytes memory burn = abi.encode(CctpAdapter.CctpBurn(3, bytes32(uint256(uint160(user))), 8453, ""));
        router.executeRoute(
            _params(address(usdc), 1_000e6, address(usdc), 1, user),
            _one(IJunctionRouter.Step(1, address(cctpAdapter), address(usdc), address(usdc), 1, burn))
        );
        vm.stopPrank();
        assertGt(dai.balanceOf(user), 0);
        assertEq(cctpTransmitter.nextAvailableNonce(), 1);
        _assertRouterEmpty();
    }
}
