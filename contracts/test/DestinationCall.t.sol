// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {TestOnlyVault} from "./support/TestOnlyVault.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {JunctionExecutor} from "../src/JunctionExecutor.sol";

/// @notice destinationCallData after the route's last step, run by the router's JunctionExecutor: the receiver gets an
/// exact approval of the output and at most destinationGasLimit gas; what it does not take (all of it when the call
/// reverts, runs out of gas or returns a huge revert reason) goes to the fallback address; the route never reverts
/// because of the call, and nothing stays in the router, the adapters or the executor.
contract DestinationCallTest is RealEvm {
    address internal user = makeAddr("user");
    address internal beneficiary = makeAddr("beneficiary");
    address internal fallbackAddress = makeAddr("fallback");
    address internal messenger = makeAddr("spokePool");
    TestOnlyVault internal vault;
    JunctionExecutor internal executor;

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        vault = new TestOnlyVault();
        executor = router.executor();
        vm.prank(routerOwner);
        router.setBridgeMessenger(messenger, true);
    }

    function _callRoute(uint256 amountIn, bytes memory call, uint256 gasLimit)
        internal
        view
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
    {
        uint256 expected = _v2Out(amountIn, address(usdc), weth);
        p = _params(address(usdc), amountIn, weth, expected, address(vault));
        p.destinationCallData = call;
        p.destinationGasLimit = gasLimit;
        p.fallbackAddress = fallbackAddress;
        s = _one(_v2Step(address(usdc), weth, expected));
    }

    function _fundUser(IJunctionRouter.RouteParams memory p) internal {
        _fund(address(usdc), user, p.amountIn);
        vm.prank(user);
        usdc.approve(address(router), p.amountIn);
    }

    function _run(IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) internal returns (uint256) {
        _fundUser(p);
        return _send(p, s);
    }

    function _send(IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) internal returns (uint256) {
        vm.prank(user);
        return router.executeRoute(p, s);
    }

    function _assertEmpty() internal view {
        _assertRouterEmpty();
        assertEq(IERC20(weth).balanceOf(address(executor)), 0, "executor kept WETH");
        assertEq(usdc.balanceOf(address(executor)), 0, "executor kept USDC");
        assertEq(address(executor).balance, 0, "executor kept native");
        assertEq(IERC20(weth).allowance(address(executor), address(vault)), 0, "approval not reset");
    }

    function test_sameChain_vaultCreditsExactlyTheOutput() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 200_000);
        _fundUser(p);
        vm.expectEmit(address(executor));
        emit JunctionExecutor.DestinationCallExecuted(
            p.quoteId, address(vault), fallbackAddress, weth, p.minAmountOut, JunctionExecutor.Outcome.SUCCEEDED, 0
        );
        uint256 out = _send(p, s);
        assertEq(out, p.minAmountOut);
        assertEq(vault.credit(weth, beneficiary), out);
        assertEq(IERC20(weth).balanceOf(address(vault)), out);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), 0);
        _assertEmpty();
    }

    /// @dev A split route (two legs through the V2 pair) hands its total to the executor too: the call is made once,
    /// on the sum of the legs, never skipped because the route splits. The expected total is the same split run
    /// without a call (state reverted after it).
    function test_splitRoute_vaultCreditsTheTotalOfTheLegs() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 1_000e6, weth, 1, beneficiary);
        IJunctionRouter.Step[] memory s =
            _split(_v2Step(address(usdc), weth, 1), 4_000, _v2Step(address(usdc), weth, 1));
        uint256 snapshot = vm.snapshotState();
        uint256 expected = _run(p, s);
        assertEq(IERC20(weth).balanceOf(beneficiary), expected);
        vm.revertToState(snapshot);

        p.receiver = address(vault);
        p.minAmountOut = expected;
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary));
        p.destinationGasLimit = 200_000;
        p.fallbackAddress = fallbackAddress;
        uint256 out = _run(p, s);
        assertEq(out, expected);
        assertEq(vault.credit(weth, beneficiary), expected);
        assertEq(IERC20(weth).balanceOf(address(vault)), expected);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), 0);
        _assertEmpty();
    }

    function test_callTakingPart_restGoesToFallback() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositPart, (weth, beneficiary, 1e15)), 200_000);
        uint256 out = _run(p, s);
        assertEq(vault.credit(weth, beneficiary), 1e15);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), out - 1e15);
        _assertEmpty();
    }

    function _assertFallbackGotAll(bytes memory call, uint256 gasLimit) internal {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _callRoute(1_000e6, call, gasLimit);
        _fundUser(p);
        vm.expectEmit(address(executor));
        emit JunctionExecutor.DestinationCallExecuted(
            p.quoteId,
            address(vault),
            fallbackAddress,
            weth,
            p.minAmountOut,
            JunctionExecutor.Outcome.REVERTED,
            p.minAmountOut
        );
        uint256 out = _send(p, s);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), out);
        assertEq(out, p.minAmountOut);
        assertEq(usdc.balanceOf(user), 0, "the swap before the call ran");
        _assertEmpty();
    }

    function test_callReverts_fallbackGetsTheWholeOutput() public {
        _assertFallbackGotAll(abi.encodeCall(TestOnlyVault.depositRefused, (weth, beneficiary)), 200_000);
    }

    function test_callRunsOutOfGas_fallbackGetsTheWholeOutput() public {
        uint256 before = gasleft();
        _assertFallbackGotAll(abi.encodeCall(TestOnlyVault.depositBurningGas, (weth, beneficiary)), 300_000);
        assertLt(before - gasleft(), 1_000_000, "the call burnt more than its limit");
    }

    function test_callReturnsHugeRevertReason_fallbackGetsTheWholeOutput() public {
        _assertFallbackGotAll(abi.encodeCall(TestOnlyVault.depositHugeRevert, (200_000)), 2_000_000);
    }

    function test_callWithoutGasLimit_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 0);
        _fund(address(usdc), user, p.amountIn);
        vm.startPrank(user);
        usdc.approve(address(router), p.amountIn);
        vm.expectRevert(JunctionRouter.MissingDestinationGasLimit.selector);
        router.executeRoute(p, s);
        vm.stopPrank();
    }

    function test_callWithoutFallback_refused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 100_000);
        address[3] memory bad = [address(0), address(router), address(executor)];
        _fund(address(usdc), user, p.amountIn);
        vm.startPrank(user);
        usdc.approve(address(router), p.amountIn);
        for (uint256 k; k < bad.length; ++k) {
            p.fallbackAddress = bad[k];
            vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidRecipient.selector, bad[k]));
            router.executeRoute(p, s);
        }
        vm.stopPrank();
    }

    function test_underGassedTransaction_revertsInsteadOfFallingBack() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 2_000_000);
        _fund(address(usdc), user, p.amountIn);
        vm.startPrank(user);
        usdc.approve(address(router), p.amountIn);
        vm.expectRevert();
        router.executeRoute{gas: 1_000_000}(p, s);
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), p.amountIn);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), 0);
    }

    function test_nativeOutput_sentAsValue() public {
        uint256 expected = _v2Out(1_000e6, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 1_000e6, NATIVE, expected, address(vault));
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositNative, (beneficiary));
        p.destinationGasLimit = 100_000;
        p.fallbackAddress = fallbackAddress;
        uint256 out = _run(p, _one(_v2Step(address(usdc), weth, expected)));
        assertEq(vault.credit(address(0), beneficiary), out);
        assertEq(address(vault).balance, expected);
        _assertEmpty();
    }

    // ---------------------------------------------------------------- destination legs (Across message)

    function _deliver(address token, uint256 amount, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
    {
        _fund(token, address(router), amount);
        _handOver(token, amount, p, s);
    }

    function _handOver(address token, uint256 amount, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
    {
        vm.prank(messenger);
        router.handleV3AcrossMessage(token, amount, makeAddr("relayer"), abi.encode(p, s));
    }

    function test_acrossLeg_swapThenCall_vaultCredited() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 200_000);
        _deliver(address(usdc), 1_000e6, p, s);
        assertEq(vault.credit(weth, beneficiary), p.minAmountOut);
        _assertEmpty();
    }

    function test_acrossLeg_noSteps_callOnTheBridgedToken() public {
        (IJunctionRouter.RouteParams memory p,) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (address(usdc), beneficiary)), 200_000);
        p.outputToken = address(usdc);
        p.minAmountOut = 990e6;
        _deliver(address(usdc), 995e6, p, new IJunctionRouter.Step[](0));
        assertEq(vault.credit(address(usdc), beneficiary), 995e6);
        _assertEmpty();
    }

    function test_acrossLeg_callReverts_fillSucceeds_fallbackGetsTheOutput() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositRefused, (weth, beneficiary)), 200_000);
        _deliver(address(usdc), 1_000e6, p, s);
        assertEq(IERC20(weth).balanceOf(fallbackAddress), p.minAmountOut);
        _assertEmpty();
    }

    function test_acrossLeg_swapFails_fallbackAddressGetsTheBridgedToken() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 200_000);
        p.minAmountOut += 1;
        _fund(address(usdc), address(router), 1_000e6);
        vm.expectEmit(address(router));
        emit JunctionRouter.DestinationFallback(p.quoteId, fallbackAddress, address(usdc), 1_000e6);
        _handOver(address(usdc), 1_000e6, p, s);
        assertEq(usdc.balanceOf(fallbackAddress), 1_000e6);
        assertEq(usdc.balanceOf(address(vault)), 0);
        _assertEmpty();
    }

    function test_acrossLeg_underGassedFill_reverts() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) =
            _callRoute(1_000e6, abi.encodeCall(TestOnlyVault.depositAllowance, (weth, beneficiary)), 500_000);
        _fund(address(usdc), address(router), 1_000e6);
        bytes memory message = abi.encode(p, s);
        // below the leg's declared need: refused before the try
        vm.prank(messenger);
        vm.expectRevert();
        router.handleV3AcrossMessage{gas: 400_000}(address(usdc), 1_000e6, address(1), message);
        // above the declared need but short of what a large call limit needs inside the executor (EIP-150's 1/64):
        // the executor's refusal is not taken for a failed leg
        p.destinationGasLimit = 10_000_000;
        bytes memory large = abi.encode(p, s);
        vm.prank(messenger);
        vm.expectPartialRevert(JunctionRouter.InsufficientDestinationGas.selector);
        router.handleV3AcrossMessage{gas: 10_260_000}(address(usdc), 1_000e6, address(1), large);
        assertEq(usdc.balanceOf(fallbackAddress), 0);
        assertEq(usdc.balanceOf(address(router)), 1_000e6);
        // with enough gas the same message fills
        vm.prank(messenger);
        router.handleV3AcrossMessage(address(usdc), 1_000e6, address(1), message);
        assertEq(vault.credit(weth, beneficiary), p.minAmountOut);
    }
}
