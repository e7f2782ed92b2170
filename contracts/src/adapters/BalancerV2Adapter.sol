// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IJunctionSwapAdapter} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

/// @notice The Balancer V2 Vault's single swap (pkg/interfaces IVault), the parts the adapter calls.
interface IBalancerV2Vault {
    enum SwapKind {
        GIVEN_IN,
        GIVEN_OUT
    }

    struct SingleSwap {
        bytes32 poolId;
        SwapKind kind;
        address assetIn;
        address assetOut;
        uint256 amount;
        bytes userData;
    }

    struct FundManagement {
        address sender;
        bool fromInternalBalance;
        address payable recipient;
        bool toInternalBalance;
    }

    function swap(SingleSwap memory singleSwap, FundManagement memory funds, uint256 limit, uint256 deadline)
        external
        payable
        returns (uint256);
}

/// @title Balancer V2 adapter: one Vault.swap (GIVEN_IN) through the pool the step names
/// @notice The router puts the input at the adapter; the adapter approves the Vault for exactly that input and calls
/// Vault.swap with the step's pool id, its least output as the Vault's limit and its deadline; the Vault takes the
/// input (the approval is spent to zero) and pays the output straight to the recipient. The output is measured as the
/// recipient's balance delta (the router checks its own minimum on the same delta). The Vault only swaps tokens the
/// pool registered, so a pool id that does not hold the step's tokens reverts in the Vault.
/// Only its router may call `swap` (RouterOnly).
/// Step data: abi.encode(bytes32 poolId, uint256 limit, uint256 deadline).
contract BalancerV2Adapter is IJunctionSwapAdapter, RouterOnly {
    using SafeERC20 for IERC20;

    /// @notice The Balancer V2 Vault this adapter swaps through.
    address public immutable vault;

    error ZeroVault();

    constructor(address router_, address vault_) RouterOnly(router_) {
        if (vault_ == address(0)) revert ZeroVault();
        vault = vault_;
    }

    /// @notice The adapter: it approves the Vault for the input itself.
    function payee(address, address, bytes calldata) external view returns (address) {
        return address(this);
    }

    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        onlyRouter
        returns (uint256 amountOut)
    {
        (bytes32 poolId, uint256 limit, uint256 deadline) = abi.decode(data, (bytes32, uint256, uint256));
        IERC20(tokenIn).forceApprove(vault, amountIn);
        uint256 before = IERC20(tokenOut).balanceOf(recipient);
        IBalancerV2Vault(vault).swap(
            IBalancerV2Vault.SingleSwap(poolId, IBalancerV2Vault.SwapKind.GIVEN_IN, tokenIn, tokenOut, amountIn, ""),
            IBalancerV2Vault.FundManagement(address(this), false, payable(recipient), false),
            limit,
            deadline
        );
        amountOut = IERC20(tokenOut).balanceOf(recipient) - before;
    }
}
