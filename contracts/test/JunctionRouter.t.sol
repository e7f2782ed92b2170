// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Vm} from "forge-std/Vm.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {CctpAdapter} from "../src/adapters/CctpAdapter.sol";

/// @notice Routes over real Uniswap V2/V3, WETH9 and Permit2 bytecode (Curve and CCTP: test-only reproductions): the
/// receiver gets exactly what the protocols' own quoters predict, the fee is floor(amountIn * feeBps / 10000), events
/// are emitted and nothing stays in the router or the adapters.
contract JunctionRouterTest is RealEvm {
    address internal user = makeAddr("user");
    address internal receiver = makeAddr("receiver");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
    }

    function _fundAndApprove(address token, uint256 amount) internal {
        _fund(token, user, amount);
        vm.prank(user);
        IERC20(token).approve(address(router), amount);
    }

    function _approveAndRun(
        address token,
        uint256 amount,
        IJunctionRouter.RouteParams memory p,
        IJunctionRouter.Step[] memory steps
    ) internal returns (uint256) {
        _fund(token, user, amount);
        vm.startPrank(user);
        IERC20(token).approve(address(router), amount);
        uint256 out = router.executeRoute(p, steps);
        vm.stopPrank();
        return out;
    }

    function test_v2OneStep_deliversRouter02Amount() public {
        uint256 amountIn = 1_000e6;
        uint256 expected = _v2Out(amountIn, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, weth, expected, receiver);
        uint256 out = _approveAndRun(address(usdc), amountIn, p, _one(_v2Step(address(usdc), weth, expected)));
        assertEq(out, expected);
        assertEq(IERC20(weth).balanceOf(receiver), expected);
        assertEq(IERC20(address(usdc)).allowance(user, address(router)), 0);
        _assertRouterEmpty();
    }

    function test_v2TwoSteps_withFee_emitsEvents() public {
        uint256 amountIn = 2 ether;
        uint16 feeBps = 25;
        uint256 fee = amountIn * feeBps / 10_000;
        uint256 mid = _v2Out(amountIn - fee, weth, address(usdc));
        uint256 expected = _v2Out(mid, address(usdc), address(wbtc));
        IJunctionRouter.RouteParams memory p = _params(weth, amountIn, address(wbtc), expected, receiver);
        p.feeBps = feeBps;
        p.feeRecipient = feeRecipient;
        IJunctionRouter.Step[] memory steps =
            _two(_v2Step(weth, address(usdc), mid), _v2Step(address(usdc), address(wbtc), expected));
        _fundAndApprove(weth, amountIn);
        vm.expectEmit(address(router));
        emit IJunctionRouter.IntegratorFeePaid(p.quoteId, feeRecipient, weth, fee);
        vm.expectEmit(address(router));
        emit IJunctionRouter.StepExecuted(p.quoteId, 0, address(v2Adapter), 0, weth, address(usdc), amountIn - fee, mid);
        vm.expectEmit(address(router));
        emit IJunctionRouter.StepExecuted(
            p.quoteId, 1, address(v2Adapter), 0, address(usdc), address(wbtc), mid, expected
        );
        vm.expectEmit(address(router));
        emit IJunctionRouter.RouteExecuted(p.quoteId, user, receiver, weth, amountIn, address(wbtc), expected);
        vm.prank(user);
        router.executeRoute(p, steps);
        assertEq(IERC20(address(wbtc)).balanceOf(receiver), expected);
        assertEq(IERC20(weth).balanceOf(feeRecipient), fee);
        _assertRouterEmpty();
    }

    function test_v3OneStep_deliversQuoterV2Amount() public {
        uint256 amountIn = 150_000e6;
        uint256 expected = _v3Out(amountIn, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, weth, expected, receiver);
        _approveAndRun(address(usdc), amountIn, p, _one(_v3Step(address(usdc), weth, expected)));
        assertEq(IERC20(weth).balanceOf(receiver), expected);
        _assertRouterEmpty();
    }

    function test_nativeIn_wrapsThenV3ThenCurve() public {
        uint256 amountIn = 3 ether;
        uint256 mid = _v3Out(amountIn, weth, address(usdc));
        uint256 expected = curvePool.get_dy(0, 1, mid);
        if (curvePool.coins(0) != address(usdc)) expected = curvePool.get_dy(1, 0, mid);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(dai), expected, receiver);
        IJunctionRouter.Step[] memory steps =
            _two(_v3Step(weth, address(usdc), mid), _curveStep(address(usdc), address(dai), expected));
        vm.deal(user, amountIn);
        vm.prank(user);
        router.executeRoute{value: amountIn}(p, steps);
        assertEq(IERC20(address(dai)).balanceOf(receiver), expected);
        _assertRouterEmpty();
    }

    function test_nativeOut_unwrapsToReceiver() public {
        uint256 amountIn = 5_000e6;
        uint256 expected = _v2Out(amountIn, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, NATIVE, expected, receiver);
        _approveAndRun(address(usdc), amountIn, p, _one(_v2Step(address(usdc), weth, expected)));
        assertEq(receiver.balance, expected);
        _assertRouterEmpty();
    }

    function test_nativeIn_feePaidInNative() public {
        uint256 amountIn = 1 ether;
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(usdc), 1, receiver);
        p.feeBps = 30;
        p.feeRecipient = feeRecipient;
        uint256 expected = _v2Out(amountIn - 0.003 ether, weth, address(usdc));
        vm.deal(user, amountIn);
        vm.prank(user);
        router.executeRoute{value: amountIn}(p, _one(_v2Step(weth, address(usdc), 1)));
        assertEq(feeRecipient.balance, 0.003 ether);
        assertEq(IERC20(address(usdc)).balanceOf(receiver), expected);
        _assertRouterEmpty();
    }

    function test_curveOneStep_deliversGetDy() public {
        uint256 amountIn = 250_000e6;
        int128 i = curvePool.coins(0) == address(usdc) ? int128(0) : int128(1);
        uint256 expected = curvePool.get_dy(i, 1 - i, amountIn);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, address(dai), expected, receiver);
        _approveAndRun(address(usdc), amountIn, p, _one(_curveStep(address(usdc), address(dai), expected)));
        assertEq(IERC20(address(dai)).balanceOf(receiver), expected);
        _assertRouterEmpty();
    }

    function test_swapThenCctp_burnsAndEmitsBridgeInitiated() public {
        uint256 amountIn = 1 ether;
        uint256 mid = _v2Out(amountIn, weth, address(usdc));
        IJunctionRouter.RouteParams memory p = _params(weth, amountIn, address(usdc), mid, receiver);
        bytes32 mintRecipient = bytes32(uint256(uint160(receiver)));
        IJunctionRouter.Step memory bridge = IJunctionRouter.Step(
            1, address(cctpAdapter), address(usdc), address(usdc), mid,
            abi.encode(CctpAdapter.CctpBurn(3, mintRecipient, 42161, ""))
        );
        uint256 supply = usdc.totalSupply();
        _fundAndApprove(weth, amountIn);
        vm.expectEmit(address(router));
        emit IJunctionRouter.BridgeInitiated(p.quoteId, address(cctpAdapter), 42161, address(usdc), mid, receiver);
        vm.prank(user);
        uint256 out = router.executeRoute(p, _two(_v2Step(weth, address(usdc), mid), bridge));
        assertEq(out, mid);
        assertEq(usdc.totalSupply(), supply - mid, "burned");
        _assertRouterEmpty();
    }

    function testFuzz_v3ThenV2_receiverGetsPredictedAmount(uint256 amountIn, uint16 feeBps) public {
        amountIn = bound(amountIn, 1e6, 500_000e6);
        feeBps = uint16(bound(feeBps, 0, 300));
        uint256 fee = amountIn * feeBps / 10_000;
        uint256 mid = _v3Out(amountIn - fee, address(usdc), weth);
        uint256 expected = _v2Out(mid, weth, address(wbtc));
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, address(wbtc), expected, receiver);
        p.feeBps = feeBps;
        p.feeRecipient = feeRecipient;
        uint256 before = IERC20(address(wbtc)).balanceOf(receiver);
        _approveAndRun(
            address(usdc), amountIn, p, _two(_v3Step(address(usdc), weth, mid), _v2Step(weth, address(wbtc), expected))
        );
        assertEq(IERC20(address(wbtc)).balanceOf(receiver) - before, expected);
        assertEq(IERC20(address(usdc)).balanceOf(feeRecipient), fee);
        _assertRouterEmpty();
    }

    function testFuzz_minimumAboveOutputReverts(uint256 amountIn, uint256 extra) public {
        amountIn = bound(amountIn, 1e6, 100_000e6);
        extra = bound(extra, 1, 1e18);
        uint256 expected = _v2Out(amountIn, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, weth, expected + extra, receiver);
        _fund(address(usdc), user, amountIn);
        vm.startPrank(user);
        IERC20(address(usdc)).approve(address(router), amountIn);
        vm.expectRevert(
            abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, type(uint256).max, expected, expected + extra)
        );
        router.executeRoute(p, _one(_v2Step(address(usdc), weth, 1)));
        vm.stopPrank();
    }
}
