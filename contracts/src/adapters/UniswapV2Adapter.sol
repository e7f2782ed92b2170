// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IJunctionSwapAdapter} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// @title Uniswap V2 family adapter (Uniswap V2, SushiSwap, PancakeSwap V2 and other true forks)
/// @notice The router transfers the input straight to the pair ({payee}); {swap} computes the output from the pair's
/// reserves and the input it actually received, exactly as the pair checks it (x*y=k after the fee), and calls
/// pair.swap. The pair is derived from the factory and the pair init code hash, never taken from calldata.
/// Step data: empty.
contract UniswapV2Adapter is IJunctionSwapAdapter, RouterOnly {
    address public immutable factory;
    bytes32 public immutable pairInitCodeHash;
    /// @notice Fee as numerator / denominator of what stays: Uniswap 997/1000, PancakeSwap V2 9975/10000.
    uint256 public immutable feeNumerator;
    uint256 public immutable feeDenominator;

    error IdenticalTokens();
    error InsufficientInput();

    constructor(
        address router_,
        address factory_,
        bytes32 pairInitCodeHash_,
        uint256 feeNumerator_,
        uint256 feeDenominator_
    ) RouterOnly(router_) {
        factory = factory_;
        pairInitCodeHash = pairInitCodeHash_;
        feeNumerator = feeNumerator_;
        feeDenominator = feeDenominator_;
    }

    /// @notice The pair of two tokens: CREATE2 address from the factory, keccak(token0, token1) and the init code hash.
    function pairFor(address tokenA, address tokenB) public view returns (address pair) {
        if (tokenA == tokenB) revert IdenticalTokens();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        address factory_ = factory;
        bytes32 initCodeHash = pairInitCodeHash;
        assembly ("memory-safe") {
            // keccak256(abi.encodePacked(token0, token1)) in scratch space
            let m := mload(0x40)
            mstore(0x00, shl(96, token0))
            mstore(0x14, shl(96, token1))
            let salt := keccak256(0x00, 0x28)
            // keccak256(abi.encodePacked(hex"ff", factory, salt, initCodeHash)), past the free memory pointer
            mstore(m, or(shl(248, 0xff), shl(88, factory_)))
            mstore(add(m, 0x15), salt)
            mstore(add(m, 0x35), initCodeHash)
            pair := and(keccak256(m, 0x55), 0xffffffffffffffffffffffffffffffffffffffff)
        }
    }

    function payee(address tokenIn, address tokenOut, bytes calldata) external view returns (address) {
        return pairFor(tokenIn, tokenOut);
    }

    function swap(address tokenIn, address tokenOut, uint256, address recipient, bytes calldata)
        external
        onlyRouter
        returns (uint256 amountOut)
    {
        address pair = pairFor(tokenIn, tokenOut);
        bool zeroForOne = tokenIn < tokenOut;
        amountOut = _amountOut(pair, tokenIn, zeroForOne);
        if (zeroForOne) {
            IUniswapV2Pair(pair).swap(0, amountOut, recipient, new bytes(0));
        } else {
            IUniswapV2Pair(pair).swap(amountOut, 0, recipient, new bytes(0));
        }
    }

    /// @dev UniswapV2Library.getAmountOut on the input the pair holds beyond its reserve.
    function _amountOut(address pair, address tokenIn, bool zeroForOne) internal view returns (uint256) {
        (uint256 reserve0, uint256 reserve1,) = IUniswapV2Pair(pair).getReserves();
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountIn = IERC20(tokenIn).balanceOf(pair) - reserveIn;
        if (amountIn == 0) revert InsufficientInput();
        uint256 amountInWithFee = amountIn * feeNumerator;
        return amountInWithFee * reserveOut / (reserveIn * feeDenominator + amountInWithFee);
    }
}
