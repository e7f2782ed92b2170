// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IJunctionSwapAdapter, IJunctionStepPayer} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

interface IUniswapV3Pool {
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

/// @title Uniswap V3 family adapter (Uniswap V3 and forks with the same pool and callback)
/// @notice Exact-input swap through one pool. The pool is derived from the factory, the tokens, the fee and the pool
/// init code hash (as v3-periphery's PoolAddress does). The adapter never holds the input: in the pool's callback it
/// asks its router to pay the pool ({IJunctionStepPayer.payStepInput}), as SwapRouter pays from
/// its `payer`; the callback is accepted only from the derived pool, so a fake pool's callback is refused. A swap the
/// pool fills only in part reverts. Step data: abi.encode(uint24 fee).
contract UniswapV3Adapter is IJunctionSwapAdapter, RouterOnly {
    uint160 internal constant MIN_SQRT_RATIO_PLUS_ONE = 4295128740;
    uint160 internal constant MAX_SQRT_RATIO_MINUS_ONE = 1461446703485210103287273052203988822378723970341;

    address public immutable factory;
    bytes32 public immutable poolInitCodeHash;

    error UnknownPool(address caller);
    error PartialFill(uint256 spent, uint256 amountIn);
    error IdenticalTokens();

    constructor(address router_, address factory_, bytes32 poolInitCodeHash_) RouterOnly(router_) {
        factory = factory_;
        poolInitCodeHash = poolInitCodeHash_;
    }

    /// @notice The pool for two tokens and a fee (v3-periphery PoolAddress.computeAddress).
    function poolFor(address tokenA, address tokenB, uint24 fee) public view returns (address pool) {
        if (tokenA == tokenB) revert IdenticalTokens();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        address factory_ = factory;
        bytes32 initCodeHash = poolInitCodeHash;
        assembly ("memory-safe") {
            // keccak256(abi.encode(token0, token1, fee)) in scratch space and past the free memory pointer
            let m := mload(0x40)
            mstore(m, token0)
            mstore(add(m, 0x20), token1)
            mstore(add(m, 0x40), fee)
            let salt := keccak256(m, 0x60)
            // keccak256(abi.encodePacked(hex"ff", factory, salt, initCodeHash))
            mstore(m, or(shl(248, 0xff), shl(88, factory_)))
            mstore(add(m, 0x15), salt)
            mstore(add(m, 0x35), initCodeHash)
            pool := and(keccak256(m, 0x55), 0xffffffffffffffffffffffffffffffffffffffff)
        }
    }

    /// @notice address(0): the pool takes the input in its callback, from the router.
    function payee(address, address, bytes calldata) external pure returns (address) {
        return address(0);
    }

    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        onlyRouter
        returns (uint256 amountOut)
    {
        uint24 fee = abi.decode(data, (uint24));
        bool zeroForOne = tokenIn < tokenOut;
        (int256 amount0, int256 amount1) = _poolSwap(tokenIn, tokenOut, fee, amountIn, recipient, zeroForOne);
        (int256 spent, int256 received) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        if (uint256(spent) != amountIn) revert PartialFill(uint256(spent), amountIn);
        amountOut = uint256(-received);
    }

    function _poolSwap(
        address tokenIn,
        address tokenOut,
        uint24 fee,
        uint256 amountIn,
        address recipient,
        bool zeroForOne
    ) internal returns (int256, int256) {
        bytes memory callbackData = abi.encode(tokenIn, tokenOut, fee);
        return IUniswapV3Pool(poolFor(tokenIn, tokenOut, fee)).swap(
            recipient,
            zeroForOne,
            int256(amountIn),
            zeroForOne ? MIN_SQRT_RATIO_PLUS_ONE : MAX_SQRT_RATIO_MINUS_ONE,
            callbackData
        );
    }

    /// @notice Has the router pay the pool what it asks, only if the caller is the pool derived for
    /// (tokenIn, tokenOut, fee). Callback data: abi.encode(tokenIn, tokenOut, fee), written by {swap}; a pool calls
    /// back only inside a swap the router started (the router pays only the running step's adapter, once).
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        (address tokenIn, address tokenOut, uint24 fee) = abi.decode(data, (address, address, uint24));
        if (msg.sender != poolFor(tokenIn, tokenOut, fee)) revert UnknownPool(msg.sender);
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        IJunctionStepPayer(router).payStepInput(tokenIn, msg.sender, owed);
    }
}
