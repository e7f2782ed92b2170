// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Junction swap adapter: one call shape (a DEX family) behind the router's allowlist.
/// @notice The router puts the input at {payee} (or, for payee address(0), lets the adapter take it during the swap
/// through {IJunctionStepPayer.payStepInput}) and then calls {swap}; the adapter sends the whole output to `recipient`
/// and keeps nothing. Adapters hold no approvals of users: they only ever spend what the router hands them in the same
/// transaction.
interface IJunctionSwapAdapter {
    /// @notice Where the step's input must be before {swap}: the pool itself where the pool takes a prior transfer
    /// (Uniswap V2), the adapter where it spends the input itself (Curve), or address(0) where the pool takes it in a
    /// callback (Uniswap V3): then {swap} asks its caller, once, with {IJunctionStepPayer.payStepInput}.
    function payee(address tokenIn, address tokenOut, bytes calldata data) external view returns (address);

    /// @notice Swaps exactly `amountIn` of tokenIn (already at {payee}, or taken from the caller during the swap when
    /// payee is address(0)) and sends the output to `recipient`.
    /// @return amountOut the output the pool reports (the router measures the recipient's balance delta itself)
    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        returns (uint256 amountOut);
}

/// @title A swap adapter that also takes a native input as the swap's value (Uniswap V4's native currency).
/// @notice The router calls every adapter's `swap` through this shape (same selector), with value only for a step whose
/// tokenIn is the ERC-7528 native address: an adapter implementing the plain {IJunctionSwapAdapter} (not payable)
/// refuses any value. A payable adapter must spend exactly the value as the input and keep nothing.
interface IJunctionNativeSwapAdapter {
    function payee(address tokenIn, address tokenOut, bytes calldata data) external view returns (address);

    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        payable
        returns (uint256 amountOut);
}

/// @title The router's side of a swap whose adapter takes the input during the swap (payee address(0)).
interface IJunctionStepPayer {
    /// @notice Pays exactly the running step's input (`amount` of `token`) to `to` (the pool the adapter verified),
    /// from where the route's input is. Callable only by the running step's adapter, once per step.
    function payStepInput(address token, address to, uint256 amount) external;
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
