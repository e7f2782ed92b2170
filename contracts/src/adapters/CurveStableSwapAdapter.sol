// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IJunctionSwapAdapter} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

interface ICurveStableSwap {
    function coins(uint256 i) external view returns (address);
    function exchange(int128 i, int128 j, uint256 dx, uint256 minDy) external returns (uint256);
}

/// @title Curve StableSwap adapter: exchange(int128 i, int128 j, uint256 dx, uint256 min_dy)
/// @notice Approves the pool for exactly the input, calls exchange (the pool pays the adapter), checks the pool's
/// coins match the step's tokens, and forwards the whole output to the recipient. The minimum is the router's
/// balance-delta check at the recipient. Step data: abi.encode(address pool, int128 i, int128 j).
contract CurveStableSwapAdapter is IJunctionSwapAdapter, RouterOnly {
    using SafeERC20 for IERC20;

    error CoinMismatch(address pool, int128 index, address token);

    constructor(address router_) RouterOnly(router_) {}

    function payee(address, address, bytes calldata) external view returns (address) {
        return address(this);
    }

    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        onlyRouter
        returns (uint256 amountOut)
    {
        (address pool, int128 i, int128 j) = abi.decode(data, (address, int128, int128));
        if (ICurveStableSwap(pool).coins(uint256(int256(i))) != tokenIn) revert CoinMismatch(pool, i, tokenIn);
        if (ICurveStableSwap(pool).coins(uint256(int256(j))) != tokenOut) revert CoinMismatch(pool, j, tokenOut);
        IERC20(tokenIn).forceApprove(pool, amountIn);
        uint256 before = IERC20(tokenOut).balanceOf(address(this));
        ICurveStableSwap(pool).exchange(i, j, amountIn, 0);
        amountOut = IERC20(tokenOut).balanceOf(address(this)) - before;
        IERC20(tokenIn).forceApprove(pool, 0);
        IERC20(tokenOut).safeTransfer(recipient, amountOut);
    }
}
