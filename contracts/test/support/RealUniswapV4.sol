// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealEvm} from "./RealEvm.sol";
import {IJunctionRouter} from "../../src/IJunctionRouter.sol";
import {IWETH9} from "../../src/interfaces/IJunctionAdapter.sol";
import {UniswapV4Adapter, IPoolManager, PoolKey} from "../../src/adapters/UniswapV4Adapter.sol";

/// @notice v4-core 1.0 IPoolManager.ModifyLiquidityParams and the calls a liquidity provider makes.
struct ModifyLiquidityParams {
    int24 tickLower;
    int24 tickUpper;
    int256 liquidityDelta;
    bytes32 salt;
}

interface IPoolManagerAdmin {
    function initialize(PoolKey memory key, uint160 sqrtPriceX96) external returns (int24 tick);
    function modifyLiquidity(PoolKey memory key, ModifyLiquidityParams memory params, bytes calldata hookData)
        external
        returns (int256 callerDelta, int256 feesAccrued);
    function unlock(bytes calldata data) external returns (bytes memory);
    function sync(address currency) external;
    function settle() external payable returns (uint256 paid);
    function take(address currency, address to, uint256 amount) external;
}

interface IV4Quoter {
    struct QuoteExactSingleParams {
        PoolKey poolKey;
        bool zeroForOne;
        uint128 exactAmount;
        bytes hookData;
    }

    function quoteExactInputSingle(QuoteExactSingleParams memory params)
        external
        returns (uint256 amountOut, uint256 gasEstimate);
}

/// @notice Uniswap V4 from npm (v4-core 1.0.2's PoolManager, v4-periphery 1.0.3's V4Quoter) on RealEvm's market:
/// native ETH/USDC (0.05%, spacing 10) and USDC/DAI in two fee tiers (0.01%/1 and 0.05%/10), each with a narrow, a
/// wide and a full-range position; and Junction's V4 adapter registered in the router. This test contract adds the
/// liquidity itself through the PoolManager's unlock (the provider's side, test-only).
abstract contract RealUniswapV4 is RealEvm {
    address internal poolManager;
    address internal v4Quoter;
    UniswapV4Adapter internal v4Adapter;
    PoolKey internal ethUsdc;
    PoolKey internal usdcDai1;
    PoolKey internal usdcDai5;

    function _deployV4() internal {
        poolManager = _create(
            _readHex(string.concat(NM, "v4-core/out/PoolManager.sol/PoolManager.json"), ".bytecode.object"),
            abi.encode(address(this))
        );
        v4Quoter = _create(
            _readHex(string.concat(NM, "v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json"), ".bytecode.object"),
            abi.encode(poolManager)
        );
        vm.label(poolManager, "PoolManager");
        v4Adapter = new UniswapV4Adapter(address(router), IPoolManager(poolManager), IWETH9(weth), new address[](0));
        vm.prank(routerOwner);
        router.setAdapter(address(v4Adapter), true);
        // ETH at 3000 USDC (raw: 3000e6 / 1e18 = 3e-9); USDC/DAI at 1 (both 6 decimals here).
        ethUsdc = _v4Pool(address(0), address(usdc), 500, 10, 3e9, 4e15);
        usdcDai1 = _v4Pool(address(usdc), address(dai), 100, 1, 1e18, 1e13);
        usdcDai5 = _v4Pool(address(usdc), address(dai), 500, 10, 1e18, 5e12);
    }

    /// @param priceX18 price of `a` in `b`, raw units, times 1e18
    function _v4Pool(address a, address b, uint24 fee, int24 spacing, uint256 priceX18, uint128 liquidity)
        internal
        returns (PoolKey memory key)
    {
        (address c0, address c1) = a < b ? (a, b) : (b, a);
        if (c0 != a) priceX18 = 1e36 / priceX18;
        key = PoolKey(c0, c1, fee, spacing, address(0));
        uint160 sqrtPrice = uint160(_sqrt(priceX18 * 1e18) * (1 << 96) / 1e18);
        IPoolManagerAdmin(poolManager).initialize(key, sqrtPrice);
        int24 center = _tickOf(sqrtPrice) / spacing * spacing;
        int24 full = 887272 / spacing * spacing;
        _modify(key, center - 60 * spacing, center + 60 * spacing, int256(uint256(liquidity)));
        _modify(key, center - 600 * spacing, center + 600 * spacing, int256(uint256(liquidity / 2)));
        _modify(key, -full, full, int256(uint256(liquidity / 10)));
    }

    function _modify(PoolKey memory key, int24 lower, int24 upper, int256 delta) internal {
        IPoolManagerAdmin(poolManager).unlock(abi.encode(key, lower, upper, delta));
    }

    /// @notice The liquidity provider's side of {_modify}: modify, then pay what is owed.
    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        require(msg.sender == poolManager, "not the PoolManager");
        (PoolKey memory key, int24 lower, int24 upper, int256 delta) = abi.decode(data, (PoolKey, int24, int24, int256));
        (int256 callerDelta,) = IPoolManagerAdmin(poolManager).modifyLiquidity(
            key, ModifyLiquidityParams(lower, upper, delta, bytes32(0)), ""
        );
        _settleOwed(key.currency0, int128(callerDelta >> 128));
        _settleOwed(key.currency1, int128(callerDelta));
        return "";
    }

    function _settleOwed(address currency, int128 amount) internal {
        if (amount >= 0) {
            if (amount > 0) IPoolManagerAdmin(poolManager).take(currency, address(this), uint256(int256(amount)));
            return;
        }
        uint256 owed = uint256(int256(-amount));
        if (currency == address(0)) {
            IPoolManagerAdmin(poolManager).settle{value: owed}();
        } else {
            IPoolManagerAdmin(poolManager).sync(currency);
            _fund(currency, poolManager, owed);
            IPoolManagerAdmin(poolManager).settle();
        }
    }

    /// @notice V4Quoter's exact-input answer for `amountIn` of tokenIn (WETH standing for native currency).
    function _v4Out(PoolKey memory key, address tokenIn, uint256 amountIn) internal returns (uint256 out) {
        bool zeroForOne = tokenIn == (key.currency0 == address(0) ? weth : key.currency0);
        (out,) = IV4Quoter(v4Quoter).quoteExactInputSingle(
            IV4Quoter.QuoteExactSingleParams(key, zeroForOne, uint128(amountIn), "")
        );
    }

    function _v4Step(PoolKey memory key, address tokenIn, address tokenOut, uint256 minOut)
        internal
        view
        returns (IJunctionRouter.Step memory)
    {
        return IJunctionRouter.Step(0, address(v4Adapter), tokenIn, tokenOut, minOut, abi.encode(key));
    }

    function _assertV4AdapterEmpty() internal view {
        address[3] memory tokens = [weth, address(usdc), address(dai)];
        for (uint256 t; t < tokens.length; ++t) {
            assertEq(IERC20(tokens[t]).balanceOf(address(v4Adapter)), 0, "the V4 adapter kept a token");
        }
        assertEq(address(v4Adapter).balance, 0, "the V4 adapter kept native");
    }
}
