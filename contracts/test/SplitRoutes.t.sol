// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";

/// @notice Split routes over real Uniswap V2/V3 bytecode: each leg takes floor(amount * shareBps / 10000) of the amount
/// after the fee, the last leg the remainder; the receiver gets exactly the sum of what the protocols' own quoters
/// predict for the legs; the route's minimum is checked once on the total; nothing stays in the router.
contract SplitRoutesTest is RealEvm {
    address internal user = makeAddr("user");
    address internal receiver = makeAddr("receiver");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
    }

    function _run(address token, uint256 amount, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
        returns (uint256 out)
    {
        _fund(token, user, amount);
        vm.startPrank(user);
        IERC20(token).approve(address(router), amount);
        out = router.executeRoute(p, s);
        vm.stopPrank();
    }

    function test_twoLegs_v3AndV2_deliverTheSumOfTheLegs() public {
        uint256 amountIn = 10 ether;
        uint256 first = amountIn * 6_000 / 10_000;
        uint256 expected = _v3Out(first, weth, address(usdc)) + _v2Out(amountIn - first, weth, address(usdc));
        IJunctionRouter.RouteParams memory p = _params(weth, amountIn, address(usdc), expected, receiver);
        uint256 out = _run(
            weth, amountIn, p, _split(_v3Step(weth, address(usdc), 1), 6_000, _v2Step(weth, address(usdc), 1))
        );
        assertEq(out, expected);
        assertEq(usdc.balanceOf(receiver), expected);
        assertEq(IERC20(weth).allowance(user, address(router)), 0);
        _assertRouterEmpty();
    }

    function test_splitBeatsEitherPoolAloneOnALargeTrade() public {
        uint256 amountIn = 200 ether;
        uint256 best;
        uint256 bestShare;
        for (uint256 share = 500; share < 10_000; share += 500) {
            uint256 first = amountIn * share / 10_000;
            uint256 legs = _v3Out(first, weth, address(usdc)) + _v2Out(amountIn - first, weth, address(usdc));
            if (legs > best) (best, bestShare) = (legs, share);
        }
        uint256 split = best;
        assertGt(split, _v3Out(amountIn, weth, address(usdc)));
        assertGt(split, _v2Out(amountIn, weth, address(usdc)));
        uint256 out = _run(
            weth,
            amountIn,
            _params(weth, amountIn, address(usdc), split, receiver),
            _split(_v3Step(weth, address(usdc), 1), bestShare, _v2Step(weth, address(usdc), 1))
        );
        assertEq(out, split);
    }

    function test_multiHopLeg_withFee_andNativeOut() public {
        // USDC -> WETH (native out): 70% through V3 directly, 30% through V2 USDC -> WBTC -> WETH
        uint256 amountIn = 100_000e6;
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, NATIVE, 1, receiver);
        p.feeBps = 30;
        p.feeRecipient = makeAddr("fee");
        uint256 afterFee = amountIn - amountIn * 30 / 10_000;
        uint256 first = afterFee * 7_000 / 10_000;
        uint256 viaWbtc = _v2Out(_v2Out(afterFee - first, address(usdc), address(wbtc)), address(wbtc), weth);
        uint256 expected = _v3Out(first, address(usdc), weth) + viaWbtc;
        IJunctionRouter.Step[] memory s = new IJunctionRouter.Step[](5);
        s[0] = _leg(address(usdc), weth, 7_000);
        s[1] = _v3Step(address(usdc), weth, 1);
        s[2] = _leg(address(usdc), weth, 3_000);
        s[3] = _v2Step(address(usdc), address(wbtc), 1);
        s[4] = _v2Step(address(wbtc), weth, 1);
        uint256 out = _run(address(usdc), amountIn, p, s);
        assertEq(out, expected);
        assertEq(receiver.balance, expected);
        assertEq(usdc.balanceOf(p.feeRecipient), amountIn * 30 / 10_000);
        _assertRouterEmpty();
    }

    function test_legsSharingAPoolRunInOrderOnTheStateTheLastLeft() public {
        // two legs through the same V2 pair deliver exactly one swap of the sum's worth, run one after the other
        uint256 amountIn = 50 ether;
        uint256 first = amountIn * 2_500 / 10_000;
        uint256 expectedFirst = _v2Out(first, weth, address(usdc));
        uint256 oneSwap = _v2Out(amountIn, weth, address(usdc));
        uint256 snapshot = vm.snapshotState();
        uint256 out = _run(
            weth,
            amountIn,
            _params(weth, amountIn, address(usdc), 1, receiver),
            _split(_v2Step(weth, address(usdc), 1), 2_500, _v2Step(weth, address(usdc), 1))
        );
        vm.revertToState(snapshot);
        // the same trades made by hand, one after the other, on the real pair
        address bystander = makeAddr("bystander");
        uint256 second = amountIn - first;
        _fund(weth, bystander, amountIn);
        vm.startPrank(bystander);
        IERC20(weth).approve(address(router), amountIn);
        uint256 a = router.executeRoute(_params(weth, first, address(usdc), 1, bystander), _one(_v2Step(weth, address(usdc), 1)));
        uint256 b =
            router.executeRoute(_params(weth, second, address(usdc), 1, bystander), _one(_v2Step(weth, address(usdc), 1)));
        vm.stopPrank();
        assertEq(a, expectedFirst);
        assertEq(out, a + b);
        // never more than one swap of the sum (the pair's fee on the second leg's input makes it slightly less)
        assertLe(out, oneSwap);
    }

    function test_minimumCheckedOnceOnTheTotal() public {
        uint256 amountIn = 10 ether;
        uint256 first = amountIn / 2;
        uint256 expected = _v3Out(first, weth, address(usdc)) + _v2Out(amountIn - first, weth, address(usdc));
        IJunctionRouter.Step[] memory s =
            _split(_v3Step(weth, address(usdc), 1), 5_000, _v2Step(weth, address(usdc), 1));
        _fund(weth, user, amountIn);
        vm.startPrank(user);
        IERC20(weth).approve(address(router), amountIn);
        vm.expectRevert(
            abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, type(uint256).max, expected, expected + 1)
        );
        router.executeRoute(_params(weth, amountIn, address(usdc), expected + 1, receiver), s);
        vm.stopPrank();
    }

    /// forge-config: default.fuzz.runs = 128
    function testFuzz_anySharesDeliverTheLegsExactlyAndLeaveNothing(uint256 amountIn, uint256 share, uint16 feeBps)
        public
    {
        amountIn = bound(amountIn, 1e12, 300 ether);
        share = bound(share, 1, 9_999);
        feeBps = uint16(bound(feeBps, 0, 100));
        IJunctionRouter.RouteParams memory p = _params(weth, amountIn, address(usdc), 1, receiver);
        p.feeBps = feeBps;
        p.feeRecipient = makeAddr("fee");
        uint256 afterFee = amountIn - amountIn * feeBps / 10_000;
        uint256 first = afterFee * share / 10_000;
        vm.assume(first > 0 && afterFee - first > 0);
        uint256 viaV3 = _v3Out(first, weth, address(usdc));
        uint256 viaV2 = _v2Out(afterFee - first, weth, address(usdc));
        // a leg whose pool pays nothing reverts (the router's rule for every swap step)
        vm.assume(viaV3 > 0 && viaV2 > 0);
        uint256 expected = viaV3 + viaV2;
        uint256 out = _run(
            weth, amountIn, p, _split(_v3Step(weth, address(usdc), 1), share, _v2Step(weth, address(usdc), 1))
        );
        assertEq(out, expected);
        assertEq(usdc.balanceOf(receiver), expected);
        _assertRouterEmpty();
    }

    // ---------------------------------------------------------------- destination legs (Across message)

    /// @dev The bridge delivered `amount` of `token` to the router and hands over the destination leg `s`.
    function _deliver(address token, uint256 amount, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
    {
        address messenger = makeAddr("spokePool");
        vm.prank(routerOwner);
        router.setBridgeMessenger(messenger, true);
        _fund(token, address(router), amount);
        vm.prank(messenger);
        router.handleV3AcrossMessage(token, amount, makeAddr("relayer"), abi.encode(p, s));
    }

    function test_destinationLeg_split_deliversTheSumOfTheLegsOnTheDeliveredAmount() public {
        // the message was planned for 100,000 USDC; the filler delivered 99,950: the shares apply to what arrived
        uint256 delivered = 99_950e6;
        uint256 first = delivered * 6_500 / 10_000;
        uint256 expected = _v3Out(first, address(usdc), weth) + _v2Out(delivered - first, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 100_000e6, weth, expected, receiver);
        _deliver(
            address(usdc), delivered, p, _split(_v3Step(address(usdc), weth, 1), 6_500, _v2Step(address(usdc), weth, 1))
        );
        assertEq(IERC20(weth).balanceOf(receiver), expected);
        assertEq(usdc.balanceOf(receiver), 0);
        _assertRouterEmpty();
    }

    function test_destinationLeg_splitBelowItsMinimum_receiverGetsTheBridgedToken() public {
        uint256 delivered = 10_000e6;
        uint256 first = delivered / 2;
        uint256 expected = _v3Out(first, address(usdc), weth) + _v2Out(delivered - first, address(usdc), weth);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), delivered, weth, expected + 1, receiver);
        _deliver(
            address(usdc), delivered, p, _split(_v3Step(address(usdc), weth, 1), 5_000, _v2Step(address(usdc), weth, 1))
        );
        // the minimum is checked once on the legs' total: missed by one wei, the fill still pays the bridged token
        assertEq(usdc.balanceOf(receiver), delivered);
        assertEq(IERC20(weth).balanceOf(receiver), 0);
        _assertRouterEmpty();
    }
}
