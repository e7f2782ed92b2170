// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title JunctionExecutor
/// @notice Runs a route's destination call (RouteParams.destinationCallData) on the route's output, isolated from the
/// router: it holds no user approvals and keeps no funds between transactions. The router sends it the output and calls
/// {execute}; the executor approves `receiver` for exactly that amount (or sends it as value for the native token),
/// calls `receiver` with the request's calldata and at most `gasLimit` gas, sets the approval back to 0 and sends
/// whatever is left of the token (all of it when the call reverted, ran out of gas or was refused) to the fallback.
/// @dev The router deploys it in its constructor, so its address is the router's first CREATE address. Only the router
/// may call {execute}. The call never targets the token, Permit2, the router or the executor itself (refused: the
/// output goes to the fallback), and the executor copies none of the call's return data.
contract JunctionExecutor is ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice ERC-7528 native token address.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    /// @notice Gas kept back for what runs after the call (approval reset, the fallback transfer, the event).
    uint256 public constant GAS_AFTER_CALL = 60_000;

    /// @notice What happened to the call.
    enum Outcome {
        SUCCEEDED,
        REVERTED,
        REFUSED_TARGET
    }

    /// @notice The router that deployed this executor: the only caller of {execute}.
    address public immutable router;
    /// @notice The chain's Permit2 (never a call target).
    address public immutable permit2;

    /// @notice The destination call ran (or was refused); `fallbackAmount` of `token` went to `fallbackAddress`.
    event DestinationCallExecuted(
        bytes32 indexed quoteId,
        address indexed receiver,
        address indexed fallbackAddress,
        address token,
        uint256 amount,
        Outcome outcome,
        uint256 fallbackAmount
    );

    /// @notice {execute} was called by other than the router.
    error OnlyRouter(address caller);
    /// @notice Less gas is left than the call's limit plus what runs after it: the transaction must carry more gas.
    error InsufficientGas(uint256 gasLeft, uint256 needed);
    /// @notice The fallback address cannot be paid (zero, the executor or the router).
    error InvalidFallback(address fallbackAddress);
    /// @notice A native transfer failed.
    error NativeTransferFailed(address to);

    constructor(address permit2_) {
        router = msg.sender;
        permit2 = permit2_;
    }

    /// @notice Native output arrives from the router (unwrapped WETH) before {execute}.
    receive() external payable {}

    /// @notice Calls `receiver` with `data` on `amount` of `token` this executor received in this transaction and sends
    /// what is left of the token to `fallbackAddress`.
    /// @return outcome whether the call succeeded, reverted (or ran out of gas) or was refused
    /// @return fallbackAmount how much of the token the fallback address got
    function execute(
        bytes32 quoteId,
        address token,
        uint256 amount,
        address receiver,
        bytes calldata data,
        uint256 gasLimit,
        address fallbackAddress
    ) external nonReentrant returns (Outcome outcome, uint256 fallbackAmount) {
        if (msg.sender != router) revert OnlyRouter(msg.sender);
        if (fallbackAddress == address(0) || fallbackAddress == address(this) || fallbackAddress == router) {
            revert InvalidFallback(fallbackAddress);
        }
        bool native = token == NATIVE;
        if (
            receiver == token || receiver == permit2 || receiver == router || receiver == address(this)
                || receiver == address(0)
        ) {
            outcome = Outcome.REFUSED_TARGET;
        } else {
            // EIP-150: a call gets at most 63/64 of the gas left; an under-gassed transaction reverts here instead of
            // giving the call less than its limit and paying the fallback.
            uint256 needed = gasLimit + gasLimit / 63 + GAS_AFTER_CALL;
            if (gasleft() < needed) revert InsufficientGas(gasleft(), needed);
            if (!native) IERC20(token).forceApprove(receiver, amount);
            outcome = _call(receiver, native ? amount : 0, data, gasLimit) ? Outcome.SUCCEEDED : Outcome.REVERTED;
            if (!native) IERC20(token).forceApprove(receiver, 0);
        }
        if (native) {
            fallbackAmount = address(this).balance;
            if (fallbackAmount != 0) {
                (bool ok,) = fallbackAddress.call{value: fallbackAmount}("");
                if (!ok) revert NativeTransferFailed(fallbackAddress);
            }
        } else {
            fallbackAmount = IERC20(token).balanceOf(address(this));
            if (fallbackAmount != 0) IERC20(token).safeTransfer(fallbackAddress, fallbackAmount);
        }
        emit DestinationCallExecuted(quoteId, receiver, fallbackAddress, token, amount, outcome, fallbackAmount);
    }

    /// @dev A call with at most `gasLimit` gas that copies none of the return data (a huge revert reason costs the
    /// callee, never the executor).
    function _call(address target, uint256 value, bytes calldata data, uint256 gasLimit) internal returns (bool ok) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            calldatacopy(p, data.offset, data.length)
            ok := call(gasLimit, target, value, p, data.length, 0, 0)
        }
    }
}
