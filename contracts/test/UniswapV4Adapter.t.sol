// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealUniswapV4} from "./support/RealUniswapV4.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {UniswapV4Adapter, IPoolManager, PoolKey, SwapParams} from "../src/adapters/UniswapV4Adapter.sol";
import {IWETH9} from "../src/interfaces/IJunctionAdapter.sol";

/// @notice TEST ONLY: a hook with only the afterSwap permission (address bit 6), returning no delta.
contract AfterSwapOnlyHook {
    uint256 public swaps;

    function afterSwap(address, PoolKey calldata, SwapParams calldata, int256, bytes calldata)
        external
        returns (bytes4, int128)
    {
        ++swaps;
        return (AfterSwapOnlyHook.afterSwap.selector, 0);
    }
}

/// @notice Routes through real Uniswap V4 bytecode (v4-core 1.0.2's PoolManager, v4-periphery 1.0.3's V4Quoter): the
/// receiver gets exactly V4Quoter's answer, ERC-20 in and out, native ETH in and out (WETH on the route, ETH in the
/// pool), and nothing stays in the router or the adapter.
contract UniswapV4AdapterTest is RealUniswapV4 {
    address internal user = makeAddr("user");
    address internal receiver = makeAddr("receiver");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        _deployV4();
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

    function testFuzz_erc20InBothTiers_deliversV4QuoterAmount(uint256 amountIn, bool daiIn, bool lowTier) public {
        amountIn = bound(amountIn, 1, 2_000_000e6);
        PoolKey memory key = lowTier ? usdcDai1 : usdcDai5;
        (address a, address b) = daiIn ? (address(dai), address(usdc)) : (address(usdc), address(dai));
        uint256 expected = _v4Out(key, a, amountIn);
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(a, amountIn, b, expected, receiver);
        uint256 out = _run(a, amountIn, p, _one(_v4Step(key, a, b, expected)));
        assertEq(out, expected);
        assertEq(IERC20(b).balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    function testFuzz_nativeIn_ethGoesIntoTheNativePool(uint256 amountIn) public {
        amountIn = bound(amountIn, 1e6, 500 ether);
        uint256 expected = _v4Out(ethUsdc, weth, amountIn);
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(usdc), expected, receiver);
        uint256 pmBefore = poolManager.balance;
        vm.deal(user, amountIn);
        vm.prank(user);
        router.executeRoute{value: amountIn}(p, _one(_v4Step(ethUsdc, weth, address(usdc), expected)));
        assertEq(usdc.balanceOf(receiver), expected);
        assertEq(poolManager.balance - pmBefore, amountIn, "the pool got native ETH");
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    function testFuzz_nativeOut_receiverGetsEth(uint256 amountIn) public {
        amountIn = bound(amountIn, 1, 1_000_000e6);
        uint256 expected = _v4Out(ethUsdc, address(usdc), amountIn);
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, NATIVE, expected, receiver);
        _run(address(usdc), amountIn, p, _one(_v4Step(ethUsdc, address(usdc), weth, expected)));
        assertEq(receiver.balance, expected);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    function test_v3ThenV4_twoHops() public {
        uint256 amountIn = 2 ether;
        uint256 mid = _v3Out(amountIn, weth, address(usdc));
        uint256 expected = _v4Out(usdcDai1, address(usdc), mid);
        IJunctionRouter.RouteParams memory p = _params(weth, amountIn, address(dai), expected, receiver);
        _run(weth, amountIn, p, _two(_v3Step(weth, address(usdc), mid), _v4Step(usdcDai1, address(usdc), address(dai), expected)));
        assertEq(dai.balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    function test_allowlistedAfterSwapHookPool_deliversV4QuoterAmount() public {
        address hook = address(0x0000000000000000000000000000000000010040); // afterSwap only
        vm.etch(hook, address(new AfterSwapOnlyHook()).code);
        address[] memory allowed = new address[](1);
        allowed[0] = hook;
        UniswapV4Adapter hooked = new UniswapV4Adapter(address(router), IPoolManager(poolManager), IWETH9(weth), allowed);
        vm.prank(routerOwner);
        router.setAdapter(address(hooked), true);
        (address c0, address c1) = address(usdc) < address(dai) ? (address(usdc), address(dai)) : (address(dai), address(usdc));
        PoolKey memory key = _v4HookedPool(PoolKey(c0, c1, 3000, 60, hook));
        uint256 amountIn = 25_000e6;
        uint256 expected = _v4Out(key, address(usdc), amountIn);
        IJunctionRouter.Step memory step = _v4Step(key, address(usdc), address(dai), expected);
        step.adapter = address(hooked);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, address(dai), expected, receiver);
        _run(address(usdc), amountIn, p, _one(step));
        assertEq(dai.balanceOf(receiver), expected);
        assertEq(AfterSwapOnlyHook(hook).swaps(), 1, "the PoolManager called the hook (V4Quoter's call was reverted)");
        _assertRouterEmpty();
        assertEq(usdc.balanceOf(address(hooked)) + dai.balanceOf(address(hooked)), 0);
    }

    /// @dev The hooked key at price 1 with a narrow and a full-range position.
    function _v4HookedPool(PoolKey memory key) internal returns (PoolKey memory) {
        (bool ok,) = poolManager.call(
            abi.encodeWithSignature(
                "initialize((address,address,uint24,int24,address),uint160)", key, uint160(1 << 96)
            )
        );
        require(ok, "initialize");
        _modify(key, -600, 600, 1e13);
        _modify(key, -887220, 887220, 1e12);
        return key;
    }

    function test_wethOutToAnotherAdapterThenV4() public {
        uint256 amountIn = 9_000e6;
        uint256 mid = _v4Out(ethUsdc, address(usdc), amountIn);
        uint256 expected = _v2Out(mid, weth, address(wbtc));
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, address(wbtc), expected, receiver);
        _run(address(usdc), amountIn, p, _two(_v4Step(ethUsdc, address(usdc), weth, mid), _v2Step(weth, address(wbtc), expected)));
        assertEq(wbtc.balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    // ---------------------------------------------------------------- native ETH as the pool's own currency (no WETH)

    function _wethSupply() internal view returns (uint256) {
        return IERC20(weth).totalSupply();
    }

    /// A route whose first step names NATIVE: the router sends msg.value to the adapter, which settles it as value.
    function testFuzz_nativeStepIn_msgValueGoesToThePoolUnwrapped(uint256 amountIn) public {
        amountIn = bound(amountIn, 1e6, 500 ether);
        uint256 expected = _v4Out(ethUsdc, weth, amountIn);
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(usdc), expected, receiver);
        uint256 pmBefore = poolManager.balance;
        uint256 supply = _wethSupply();
        vm.deal(user, amountIn);
        vm.prank(user);
        uint256 out = router.executeRoute{value: amountIn}(p, _one(_v4Step(ethUsdc, NATIVE, address(usdc), expected)));
        assertEq(out, expected);
        assertEq(usdc.balanceOf(receiver), expected);
        assertEq(poolManager.balance - pmBefore, amountIn, "the pool got native ETH");
        assertEq(_wethSupply(), supply, "nothing was wrapped");
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    /// A route whose last step names NATIVE: the PoolManager pays the router native, the router pays the receiver.
    function testFuzz_nativeStepOut_receiverGetsEthNeverWrapped(uint256 amountIn) public {
        amountIn = bound(amountIn, 1, 1_000_000e6);
        uint256 expected = _v4Out(ethUsdc, address(usdc), amountIn);
        vm.assume(expected > 0);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, NATIVE, expected, receiver);
        uint256 supply = _wethSupply();
        uint256 out = _run(address(usdc), amountIn, p, _one(_v4Step(ethUsdc, address(usdc), NATIVE, expected)));
        assertEq(out, expected);
        assertEq(receiver.balance, expected);
        assertEq(_wethSupply(), supply, "nothing was wrapped");
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    /// Native in with a 0.3% integrator fee paid in native: the step spends the rest.
    function test_nativeStepIn_withFee() public {
        uint256 amountIn = 3 ether;
        uint256 fee = amountIn * 30 / 10_000;
        uint256 expected = _v4Out(ethUsdc, weth, amountIn - fee);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(usdc), expected, receiver);
        p.feeBps = 30;
        p.feeRecipient = makeAddr("integrator");
        vm.deal(user, amountIn);
        vm.prank(user);
        router.executeRoute{value: amountIn}(p, _one(_v4Step(ethUsdc, NATIVE, address(usdc), expected)));
        assertEq(usdc.balanceOf(receiver), expected);
        assertEq(p.feeRecipient.balance, fee);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    /// ETH -> USDC (native V4 pool) -> DAI (V4), and DAI -> USDC (V4) -> ETH (native V4 pool, a later step).
    function test_nativeStepsFirstAndLastInTwoHops() public {
        uint256 amountIn = 2 ether;
        uint256 mid = _v4Out(ethUsdc, weth, amountIn);
        uint256 expected = _v4Out(usdcDai1, address(usdc), mid);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, amountIn, address(dai), expected, receiver);
        vm.deal(user, amountIn);
        vm.prank(user);
        router.executeRoute{value: amountIn}(
            p, _two(_v4Step(ethUsdc, NATIVE, address(usdc), mid), _v4Step(usdcDai1, address(usdc), address(dai), expected))
        );
        assertEq(dai.balanceOf(receiver), expected);

        uint256 daiIn = 7_000e6;
        uint256 mid2 = _v4Out(usdcDai5, address(dai), daiIn);
        uint256 expected2 = _v4Out(ethUsdc, address(usdc), mid2);
        IJunctionRouter.RouteParams memory p2 = _params(address(dai), daiIn, NATIVE, expected2, receiver);
        uint256 before = receiver.balance;
        _run(address(dai), daiIn, p2, _two(_v4Step(usdcDai5, address(dai), address(usdc), mid2), _v4Step(ethUsdc, address(usdc), NATIVE, expected2)));
        assertEq(receiver.balance - before, expected2);
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
    }

    /// USDC -> ETH (native V4, paid to the router) -> WBTC needs the next step to take native: a V2 step refuses it
    /// (its swap is not payable); WETH on the step keeps the old path (wrapped by the adapter).
    function test_nativeMidRoute_onlyToANativeStep() public {
        uint256 amountIn = 9_000e6;
        _fund(address(usdc), user, amountIn);
        vm.startPrank(user);
        usdc.approve(address(router), amountIn);
        vm.expectRevert();
        router.executeRoute(
            _params(address(usdc), amountIn, address(wbtc), 1, receiver),
            _two(_v4Step(ethUsdc, address(usdc), NATIVE, 1), _v2Step(NATIVE, address(wbtc), 1))
        );
        vm.stopPrank();
    }

    /// A native output with a destination call: the router sends the native output to the executor as before.
    function test_nativeStepOut_toTheExecutorForADestinationCall() public {
        uint256 amountIn = 5_000e6;
        uint256 expected = _v4Out(ethUsdc, address(usdc), amountIn);
        address target = makeAddr("target");
        IJunctionRouter.RouteParams memory p = _params(address(usdc), amountIn, NATIVE, expected, target);
        p.destinationCallData = hex"01";
        p.destinationGasLimit = 50_000;
        p.fallbackAddress = user;
        _run(address(usdc), amountIn, p, _one(_v4Step(ethUsdc, address(usdc), NATIVE, expected)));
        assertEq(target.balance, expected, "the call to an account without code succeeds and gets the value");
        _assertRouterEmpty();
        _assertV4AdapterEmpty();
        assertEq(address(router.executor()).balance, 0);
    }
}
