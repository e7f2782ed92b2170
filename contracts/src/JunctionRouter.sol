// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IJunctionRouter} from "./IJunctionRouter.sol";
import {IJunctionSwapAdapter, IJunctionBridgeAdapter, ISignatureTransfer, IWETH9} from
    "./interfaces/IJunctionAdapter.sol";

/// @title JunctionRouter
/// @notice Holds users' approvals (mode 0) and runs Junction routes through owner-allowlisted adapters.
/// Rules (each attacked by a test in test/): it takes tokens only from msg.sender (mode 0) or from the owner of a
/// Permit2 signature it verified through Permit2 (modes 2 and 3); every step calls a registered adapter, never a token,
/// Permit2 or the router itself; outputs are balance deltas of the recipient checked against each step's minimum and
/// the route's minAmountOut; amounts are positive; nothing stays in the router after a transaction; the owner can
/// pause and manage the allowlists but has no function that moves tokens or uses approvals.
contract JunctionRouter is IJunctionRouter, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice ERC-7528 native token address.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint8 internal constant KIND_SWAP = 0;
    uint8 internal constant KIND_BRIDGE = 1;

    /// @notice The Permit2 witness of acquisition mode 3, as Permit2 wants it (the type's tail after
    /// "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,").
    string public constant WITNESS_TYPE_STRING = "JunctionRoute witness)"
        "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,"
        "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,bytes32 steps)"
        "TokenPermissions(address token,uint256 amount)";
    /// @notice keccak256 of the JunctionRoute type.
    bytes32 public constant WITNESS_TYPEHASH = keccak256(
        "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,"
        "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,bytes32 steps)"
    );

    /// @notice The canonical Permit2.
    ISignatureTransfer public immutable permit2;
    /// @notice The chain's wrapped native token (WETH9).
    IWETH9 public immutable weth;

    /// @notice Adapters the router may call.
    mapping(address => bool) public isAdapter;
    /// @notice Relayers allowed to send mode-2 permits.
    mapping(address => bool) public isRelayer;
    /// @notice Bridge contracts allowed to deliver a destination leg ({handleV3AcrossMessage}).
    mapping(address => bool) public isBridgeMessenger;

    event AdapterSet(address indexed adapter, bool allowed);
    event RelayerSet(address indexed relayer, bool allowed);
    event BridgeMessengerSet(address indexed messenger, bool allowed);
    /// @notice A destination leg could not run (minimum, deadline, pause): the receiver got the bridged token.
    event DestinationFallback(bytes32 indexed quoteId, address indexed receiver, address token, uint256 amount);

    /// @notice An address that must never be an adapter (a token of the route, Permit2, WETH, the router).
    error ForbiddenAdapter(address adapter);
    /// @notice Only the router itself may call this.
    error OnlySelf();
    /// @notice The caller is not a registered bridge messenger.
    error UnknownMessenger(address caller);
    /// @notice A native transfer failed.
    error NativeTransferFailed(address to);

    constructor(address initialOwner, ISignatureTransfer permit2_, IWETH9 weth_) Ownable(initialOwner) {
        permit2 = permit2_;
        weth = weth_;
    }

    /// @notice WETH unwraps pay the router; nobody else may send it native tokens.
    receive() external payable {
        if (msg.sender != address(weth)) revert InvalidNativeValue(0, msg.value);
    }

    // ---------------------------------------------------------------- owner: allowlists and pause, nothing else

    function setAdapter(address adapter, bool allowed) external onlyOwner {
        if (
            adapter == address(this) || adapter == address(permit2) || adapter == address(weth)
                || adapter.code.length == 0
        ) revert ForbiddenAdapter(adapter);
        isAdapter[adapter] = allowed;
        emit AdapterSet(adapter, allowed);
    }

    function setRelayer(address relayer, bool allowed) external onlyOwner {
        isRelayer[relayer] = allowed;
        emit RelayerSet(relayer, allowed);
    }

    function setBridgeMessenger(address messenger, bool allowed) external onlyOwner {
        isBridgeMessenger[messenger] = allowed;
        emit BridgeMessengerSet(messenger, allowed);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    // ---------------------------------------------------------------- entry points

    /// @inheritdoc IJunctionRouter
    function executeRoute(RouteParams calldata params, Step[] calldata steps)
        external
        payable
        nonReentrant
        whenNotPaused
        returns (uint256 amountOut)
    {
        _checkRoute(params, steps.length);
        uint8 mode = params.acquisitionMode;
        if (mode == 0) {
            if (params.inputToken == NATIVE) revert InvalidAcquisitionMode(mode);
            if (msg.value != 0) revert InvalidNativeValue(0, msg.value);
            IERC20(params.inputToken).safeTransferFrom(msg.sender, address(this), params.amountIn);
        } else if (mode == 1) {
            if (params.inputToken != NATIVE) revert InvalidAcquisitionMode(mode);
            if (msg.value != params.amountIn) revert InvalidNativeValue(params.amountIn, msg.value);
        } else {
            revert InvalidAcquisitionMode(mode);
        }
        return _execute(params, steps, msg.sender);
    }

    /// @inheritdoc IJunctionRouter
    function executeRouteWithPermit(RouteParams calldata params, Step[] calldata steps, PermitData calldata permit)
        external
        nonReentrant
        whenNotPaused
        returns (uint256 amountOut)
    {
        _checkRoute(params, steps.length);
        uint8 mode = params.acquisitionMode;
        if (params.inputToken == NATIVE) revert InvalidAcquisitionMode(mode);
        ISignatureTransfer.PermitTransferFrom memory transfer = ISignatureTransfer.PermitTransferFrom({
            permitted: ISignatureTransfer.TokenPermissions({token: params.inputToken, amount: params.amountIn}),
            nonce: permit.nonce,
            deadline: permit.deadline
        });
        ISignatureTransfer.SignatureTransferDetails memory details =
            ISignatureTransfer.SignatureTransferDetails({to: address(this), requestedAmount: params.amountIn});
        if (mode == 3) {
            permit2.permitWitnessTransferFrom(
                transfer, details, permit.owner, routeWitness(params, steps), WITNESS_TYPE_STRING, permit.signature
            );
        } else if (mode == 2) {
            if (!isRelayer[msg.sender]) revert UnknownRelayer(msg.sender);
            permit2.permitTransferFrom(transfer, details, permit.owner, permit.signature);
        } else {
            revert InvalidAcquisitionMode(mode);
        }
        return _execute(params, steps, permit.owner);
    }

    /// @notice The mode-3 witness: the EIP-712 struct hash of JunctionRoute for these params and steps.
    function routeWitness(RouteParams calldata params, Step[] calldata steps) public pure returns (bytes32) {
        bytes32 destinationCall = keccak256(abi.encode(params.destinationCallData, params.destinationGasLimit));
        bytes32 stepsHash = keccak256(abi.encode(steps));
        return keccak256(
            bytes.concat(
                abi.encode(
                    WITNESS_TYPEHASH,
                    params.quoteId,
                    params.inputToken,
                    params.amountIn,
                    params.outputToken,
                    params.minAmountOut
                ),
                abi.encode(
                    params.receiver,
                    params.deadline,
                    uint256(params.feeBps),
                    params.feeRecipient,
                    destinationCall,
                    stepsHash
                )
            )
        );
    }

    /// @notice Across V3 destination leg: the SpokePool delivered `amount` of `token` to this router and hands over the
    /// message `abi.encode(RouteParams, Step[])` the origin route put in the deposit. The steps run as a route funded by
    /// the delivered amount; if they cannot (a minimum, the deadline, pause), the receiver gets the bridged token and
    /// the fill still succeeds.
    function handleV3AcrossMessage(address token, uint256 amount, address, bytes calldata message)
        external
        nonReentrant
    {
        if (!isBridgeMessenger[msg.sender]) revert UnknownMessenger(msg.sender);
        (RouteParams memory params, Step[] memory steps) = abi.decode(message, (RouteParams, Step[]));
        if (params.receiver == address(0) || params.receiver == address(this)) revert InvalidRecipient(params.receiver);
        params.inputToken = token;
        params.amountIn = amount;
        params.feeBps = 0;
        params.acquisitionMode = 0;
        if (!paused()) {
            try this.executeHeld(params, steps) {
                return;
            } catch {}
        }
        IERC20(token).safeTransfer(params.receiver, amount);
        emit DestinationFallback(params.quoteId, params.receiver, token, amount);
    }

    /// @notice Runs a route funded by tokens the router already holds in this transaction (a bridge delivery).
    /// Only the router may call it.
    function executeHeld(RouteParams calldata params, Step[] calldata steps) external returns (uint256) {
        if (msg.sender != address(this)) revert OnlySelf();
        _checkRoute(params, steps.length);
        return _execute(params, steps, params.receiver);
    }

    // ---------------------------------------------------------------- route execution

    function _checkRoute(RouteParams calldata params, uint256 stepCount) internal view {
        if (block.timestamp > params.deadline) revert DeadlineExpired(params.deadline, block.timestamp);
        if (params.amountIn == 0 || params.minAmountOut == 0 || stepCount == 0) revert ZeroAmount();
        if (params.receiver == address(0) || params.receiver == address(this)) revert InvalidRecipient(params.receiver);
        if (params.feeBps > 10_000) revert InvalidFee(params.feeBps);
        if (params.feeBps != 0 && (params.feeRecipient == address(0) || params.feeRecipient == address(this))) {
            revert InvalidRecipient(params.feeRecipient);
        }
    }

    /// @dev The input (params.amountIn of params.inputToken) is in the router. Pays the fee, runs the steps up to and
    /// including the first bridge (later steps run on the destination chain, from the bridge's message) and checks
    /// the output.
    function _execute(RouteParams calldata params, Step[] calldata steps, address sender)
        internal
        returns (uint256 amountOut)
    {
        uint256 amount = params.amountIn;
        address token = params.inputToken;
        if (params.feeBps != 0) {
            uint256 fee = amount * params.feeBps / 10_000;
            if (fee != 0) {
                _send(token, params.feeRecipient, fee);
                emit IntegratorFeePaid(params.quoteId, params.feeRecipient, token, fee);
                amount -= fee;
            }
        }
        if (amount == 0) revert ZeroAmount();
        if (token == NATIVE) {
            weth.deposit{value: amount}();
            token = address(weth);
        }
        uint256 count = steps.length;
        for (uint256 i; i < count; ++i) {
            Step calldata step = steps[i];
            if (step.tokenIn != token) revert StepTokenMismatch(i, token, step.tokenIn);
            if (!isAdapter[step.adapter]) revert UnknownAdapter(step.adapter);
            if (step.kind == KIND_BRIDGE) {
                amountOut = _bridge(params.quoteId, i, step, amount);
                break;
            }
            if (step.kind != KIND_SWAP) revert UnknownAdapter(step.adapter);
            if (i + 1 == count) {
                amountOut = _finalSwap(params, i, step, amount);
            } else {
                amount = _swap(params.quoteId, i, step, amount, address(this));
                token = step.tokenOut;
            }
        }
        emit RouteExecuted(
            params.quoteId, sender, params.receiver, params.inputToken, params.amountIn, params.outputToken, amountOut
        );
    }

    /// @dev One swap whose output goes to `recipient`; returns the recipient's balance delta, checked against the
    /// step's minimum.
    function _swap(bytes32 quoteId, uint256 index, Step calldata step, uint256 amountIn, address recipient)
        internal
        returns (uint256 amountOut)
    {
        IJunctionSwapAdapter adapter = IJunctionSwapAdapter(step.adapter);
        address tokenOut = step.tokenOut;
        IERC20(step.tokenIn).safeTransfer(adapter.payee(step.tokenIn, tokenOut, step.data), amountIn);
        uint256 before = IERC20(tokenOut).balanceOf(recipient);
        adapter.swap(step.tokenIn, tokenOut, amountIn, recipient, step.data);
        amountOut = IERC20(tokenOut).balanceOf(recipient) - before;
        if (amountOut == 0 || amountOut < step.minAmountOut) {
            revert InsufficientOutput(index, amountOut, step.minAmountOut);
        }
        emit StepExecuted(quoteId, index, address(adapter), KIND_SWAP, step.tokenIn, tokenOut, amountIn, amountOut);
    }

    /// @dev The last swap: its output goes straight to the receiver (or, for native output, is unwrapped and sent);
    /// the receiver's balance delta must meet both the step's and the route's minimum.
    function _finalSwap(RouteParams calldata params, uint256 index, Step calldata step, uint256 amountIn)
        internal
        returns (uint256 amountOut)
    {
        address receiver = params.receiver;
        if (params.outputToken == NATIVE) {
            if (step.tokenOut != address(weth)) revert OutputTokenMismatch(address(weth), step.tokenOut);
            uint256 wrapped = _swap(params.quoteId, index, step, amountIn, address(this));
            uint256 before = receiver.balance;
            weth.withdraw(wrapped);
            _sendNative(receiver, wrapped);
            amountOut = receiver.balance - before;
        } else {
            if (step.tokenOut != params.outputToken) revert OutputTokenMismatch(params.outputToken, step.tokenOut);
            amountOut = _swap(params.quoteId, index, step, amountIn, receiver);
        }
        if (amountOut < params.minAmountOut) revert InsufficientOutput(type(uint256).max, amountOut, params.minAmountOut);
    }

    function _bridge(bytes32 quoteId, uint256 index, Step calldata step, uint256 amountIn)
        internal
        returns (uint256 amountOut)
    {
        address adapter = step.adapter;
        IERC20(step.tokenIn).safeTransfer(adapter, amountIn);
        (uint256 destinationChainId, address recipient, uint256 bridgedOut) =
            IJunctionBridgeAdapter(adapter).bridge(step.tokenIn, amountIn, step.data);
        if (bridgedOut == 0 || bridgedOut < step.minAmountOut) {
            revert InsufficientOutput(index, bridgedOut, step.minAmountOut);
        }
        emit StepExecuted(quoteId, index, adapter, KIND_BRIDGE, step.tokenIn, step.tokenOut, amountIn, bridgedOut);
        emit BridgeInitiated(quoteId, adapter, destinationChainId, step.tokenIn, amountIn, recipient);
        return amountIn;
    }

    function _send(address token, address to, uint256 amount) internal {
        if (token == NATIVE) {
            _sendNative(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }

    function _sendNative(address to, uint256 amount) internal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to);
    }
}
