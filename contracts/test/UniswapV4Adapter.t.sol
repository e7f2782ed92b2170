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
}
