// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Junction swap adapter: one call shape (a DEX family) behind the router's allowlist.
/// @notice The router transfers the input to {payee} and then calls {swap}; the adapter sends the whole output to
/// `recipient` and keeps nothing. Adapters hold no approvals of users: they only ever spend what the router handed them
/// in the same transaction.
interface IJunctionSwapAdapter {
    /// @notice Where the router must transfer the step's input before {swap}: the pool itself where the pool
    /// takes a prior transfer (Uniswap V2), else the adapter.
    function payee(address tokenIn, address tokenOut, bytes calldata data) external view returns (address);

    /// @notice Swaps exactly `amountIn` of tokenIn (already at {payee}) and sends the output to `recipient`.
    /// @return amountOut the output the pool reports (the router measures the recipient's balance delta itself)
    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        returns (uint256 amountOut);
}

/// @title Junction bridge adapter: one bridge deposit call behind the router's allowlist.
interface IJunctionBridgeAdapter {
    /// @notice Deposits exactly `amountIn` of tokenIn (already transferred to the adapter) into the bridge.
    /// @return destinationChainId EIP-155 id of the destination chain
    /// @return recipient who receives the bridged funds on the destination chain (its low 20 bytes for a
    /// non-EVM recipient)
    /// @return amountOut what the bridge is told to deliver on the destination chain
    function bridge(address tokenIn, uint256 amountIn, bytes calldata data)
        external
        returns (uint256 destinationChainId, address recipient, uint256 amountOut);
}

/// @notice Permit2's SignatureTransfer, the parts the router calls.
interface ISignatureTransfer {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes calldata signature
    ) external;

    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

/// @notice WETH9.
interface IWETH9 {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}
