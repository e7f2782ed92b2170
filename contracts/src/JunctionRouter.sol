// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IJunctionRouter} from "./IJunctionRouter.sol";
import {JunctionExecutor} from "./JunctionExecutor.sol";
import {
    IJunctionSwapAdapter,
    IJunctionNativeSwapAdapter,
    IJunctionBridgeAdapter,
    IJunctionStepPayer,
    ISignatureTransfer,
    IWETH9
} from "./interfaces/IJunctionAdapter.sol";

/// @title JunctionRouter
/// @notice Holds users' approvals (mode 0) and runs Junction routes through owner-allowlisted adapters.
/// Rules (each attacked by a test in test/): it takes tokens only from msg.sender (mode 0) or from the owner of a
/// Permit2 signature it verified through Permit2 (modes 2 and 3); every step calls a registered adapter, never a token,
/// Permit2 or the router itself; outputs are balance deltas of the recipient checked against each step's minimum and
/// the route's minAmountOut; amounts are positive; nothing stays in the router after a transaction; the owner can
/// pause and manage the allowlists but has no function that moves tokens or uses approvals. A step naming the native
/// token moves native itself (docs/DECISIONS.md, "Native ETH through Uniswap V4 native pools"): its input is sent as
/// the value of a payable adapter's swap, its output is paid to the router during that swap only.
/// @dev Gas: the input goes from the payer straight to where the first step needs it (a V2 pair, an adapter, or a V3
/// pool that asks for it in its callback through {payStepInput}), and a step's output goes straight to where the next
/// step needs it, so the router and the adapters hold tokens only where a step cannot take them directly. Where the
/// input comes from (the payer, Permit2 or the router) and which adapter may take how much of which token is kept in
/// transient storage for the length of the route (see docs/DECISIONS.md, "Router gas").
contract JunctionRouter is IJunctionRouter, IJunctionStepPayer, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice ERC-7528 native token address.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint8 internal constant KIND_SWAP = 0;
    uint8 internal constant KIND_BRIDGE = 1;
    uint8 internal constant KIND_LEG = 2;
    uint256 internal constant SHARE_UNITS = 10_000;

    /// @notice The Permit2 witness of acquisition mode 3, as Permit2 wants it (the type's tail after
    /// "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,").
    string public constant WITNESS_TYPE_STRING = "JunctionRoute witness)"
        "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,"
        "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,"
        "address fallbackAddress,bytes32 steps)"
        "TokenPermissions(address token,uint256 amount)";
    /// @notice keccak256 of the JunctionRoute type.
    bytes32 public constant WITNESS_TYPEHASH = keccak256(
        "JunctionRoute(bytes32 quoteId,address inputToken,uint256 amountIn,address outputToken,uint256 minAmountOut,"
        "address receiver,uint256 deadline,uint256 feeBps,address feeRecipient,bytes32 destinationCall,"
        "address fallbackAddress,bytes32 steps)"
    );

    /// @notice The canonical Permit2.
    ISignatureTransfer public immutable permit2;
    /// @notice The chain's wrapped native token (WETH9).
    IWETH9 public immutable weth;
    /// @notice Runs destinationCallData on the route's output (deployed by this constructor; holds no approvals).
    JunctionExecutor public immutable executor;
    /// @notice Gas a destination leg needs per step and in all, besides destinationGasLimit, checked before it runs.
    uint256 public constant DESTINATION_STEP_GAS = 100_000;
    uint256 public constant DESTINATION_BASE_GAS = 100_000;

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
    /// @notice destinationCallData is given without a positive destinationGasLimit.
    error MissingDestinationGasLimit();
    /// @notice A destination leg was delivered with less gas than it and its call need: the fill must carry more.
    error InsufficientDestinationGas(uint256 gasLeft, uint256 needed);
    /// @notice Only the router itself may call this.
    error OnlySelf();
    /// @notice The caller is not a registered bridge messenger.
    error UnknownMessenger(address caller);
    /// @notice A native transfer failed.
    error NativeTransferFailed(address to);
    /// @notice {payStepInput} was called by other than the running step's adapter, for another token or amount, twice,
    /// or to the router.
    error UnauthorizedPayment(address caller);
    /// @notice A step's adapter returned without taking its input through {payStepInput}.
    error InputNotTaken(address adapter);

    // Transient storage (EIP-1153), valid during one route. SOURCE: where the first step's input still is: 0 the router
    // (also after the first move), else kind << 160 | address: SRC_PAYER (transferFrom the sender of mode 0),
    // SRC_PERMIT2 / SRC_PERMIT3 (Permit2 from the signer; nonce, deadline, witness and signature in T_PERMIT_*).
    // AUTH_*: the adapter of the running step that takes its input with {payStepInput}, the token and exact amount.
    uint256 internal constant T_SOURCE = 0x4a52000000000000000000000000000000000000000000000000000000000001;
    uint256 internal constant T_AUTH_ADAPTER = 0x4a52000000000000000000000000000000000000000000000000000000000002;
    uint256 internal constant T_AUTH_TOKEN = 0x4a52000000000000000000000000000000000000000000000000000000000003;
    uint256 internal constant T_AUTH_AMOUNT = 0x4a52000000000000000000000000000000000000000000000000000000000004;
    uint256 internal constant T_PERMIT_NONCE = 0x4a52000000000000000000000000000000000000000000000000000000000005;
    uint256 internal constant T_PERMIT_DEADLINE = 0x4a52000000000000000000000000000000000000000000000000000000000006;
    uint256 internal constant T_PERMIT_WITNESS = 0x4a52000000000000000000000000000000000000000000000000000000000007;
    /// @dev The signature's length, then its words at T_PERMIT_SIGNATURE + 1, + 2, ...
    uint256 internal constant T_PERMIT_SIGNATURE = 0x4a52000000000000000000000000000000000000000000000000000000000008;
    /// @dev Non-zero only while a swap whose output is native (paid to the router) runs: {receive} accepts then.
    uint256 internal constant T_NATIVE_OPEN = 0x4a520000000000000000000000000000000000000000000000000000000000ff;
    uint256 internal constant SRC_ROUTER = 0;
    uint256 internal constant SRC_PAYER = 1;
    uint256 internal constant SRC_PERMIT2 = 2;
    uint256 internal constant SRC_PERMIT3 = 3;

    constructor(address initialOwner, ISignatureTransfer permit2_, IWETH9 weth_) Ownable(initialOwner) {
        permit2 = permit2_;
        weth = weth_;
        executor = new JunctionExecutor(address(permit2_));
    }

    /// @notice WETH unwraps pay the router, and so does a native-output step while it runs (the output is measured
    /// as the router's native balance delta over that swap); nobody else, and at no other time, may send it native.
    receive() external payable {
        if (msg.sender != address(weth) && _tload(T_NATIVE_OPEN) == 0) revert InvalidNativeValue(0, msg.value);
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
        uint256 source;
        if (mode == 0) {
            if (params.inputToken == NATIVE) revert InvalidAcquisitionMode(mode);
            if (msg.value != 0) revert InvalidNativeValue(0, msg.value);
            // pulled from msg.sender (and no one else) where the first step needs it, see _move
            source = SRC_PAYER << 160 | uint256(uint160(msg.sender));
        } else if (mode == 1) {
            if (params.inputToken != NATIVE) revert InvalidAcquisitionMode(mode);
            if (msg.value != params.amountIn) revert InvalidNativeValue(params.amountIn, msg.value);
        } else {
            revert InvalidAcquisitionMode(mode);
        }
        return _execute(params, steps, msg.sender, source);
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
        bytes32 witness;
        if (mode == 3) {
            witness = routeWitness(params, steps);
        } else if (mode == 2) {
            if (!isRelayer[msg.sender]) revert UnknownRelayer(msg.sender);
        } else {
            revert InvalidAcquisitionMode(mode);
        }
        // the source kind is the mode: SRC_PERMIT2 (2) or SRC_PERMIT3 (3), from permit.owner
        uint256 source = uint256(mode) << 160 | uint256(uint160(permit.owner));
        if (params.feeBps != 0 && params.amountIn * params.feeBps / 10_000 != 0) {
            // The fee and the first step's input go to two places, and a permit moves tokens once: Permit2 moves the
            // input to the router, which pays both.
            _permitTransfer(
                source, params.inputToken, params.amountIn, address(this), permit.nonce, permit.deadline, witness,
                permit.signature
            );
            source = SRC_ROUTER;
        } else {
            // Permit2 moves the input straight to where the first step needs it (_move), maybe inside a pool's callback.
            _tstore(T_PERMIT_NONCE, permit.nonce);
            _tstore(T_PERMIT_DEADLINE, permit.deadline);
            _tstore(T_PERMIT_WITNESS, uint256(witness));
            _tstoreSignature(permit.signature);
        }
        return _execute(params, steps, permit.owner, source);
    }

    /// @notice The mode-3 witness: the EIP-712 struct hash of JunctionRoute for these params and steps.
    function routeWitness(RouteParams calldata params, Step[] calldata steps) public pure returns (bytes32) {
        bytes32 destinationCall = keccak256(abi.encode(params.destinationCallData, params.destinationGasLimit));
        address fallbackAddress = params.fallbackAddress;
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
                    fallbackAddress,
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
        // with a destination call, the fallback address (not the call's target) gets the bridged token on a failure
        address payee = params.destinationCallData.length == 0 ? params.receiver : params.fallbackAddress;
        if (payee == address(0) || payee == address(this) || payee == address(executor)) revert InvalidRecipient(payee);
        params.inputToken = token;
        params.amountIn = amount;
        params.feeBps = 0;
        params.acquisitionMode = 0;
        if (!paused()) {
            // An under-gassed fill reverts instead of falling back (the filler chooses the fill's gas limit).
            uint256 needed = params.destinationGasLimit + steps.length * DESTINATION_STEP_GAS + DESTINATION_BASE_GAS;
            uint256 gasBefore = gasleft();
            if (gasBefore < needed) revert InsufficientDestinationGas(gasBefore, needed);
            try this.executeHeld(params, steps) {
                return;
            } catch (bytes memory reason) {
                // the leg ran out of the gas it was given (1/64 left) or the executor found too little for the call
                if (gasleft() <= gasBefore / 63 || bytes4(reason) == JunctionExecutor.InsufficientGas.selector) {
                    revert InsufficientDestinationGas(gasleft(), needed);
                }
            }
        }
        IERC20(token).safeTransfer(payee, amount);
        emit DestinationFallback(params.quoteId, payee, token, amount);
    }

    /// @notice Runs a route funded by tokens the router already holds in this transaction (a bridge delivery).
    /// Only the router may call it.
    function executeHeld(RouteParams calldata params, Step[] calldata steps) external returns (uint256) {
        if (msg.sender != address(this)) revert OnlySelf();
        if (steps.length == 0) return _deliverHeld(params);
        _checkRoute(params, steps.length);
        return _execute(params, steps, params.receiver, SRC_ROUTER);
    }

    /// @inheritdoc IJunctionStepPayer
    /// @dev Only the adapter of the running step, once, for exactly its token and amount, to an address other than the
    /// router; the tokens come from where the route's input is (the payer, Permit2's signer or the router).
    function payStepInput(address token, address to, uint256 amount) external {
        if (
            msg.sender != address(uint160(_tload(T_AUTH_ADAPTER))) || token != address(uint160(_tload(T_AUTH_TOKEN)))
                || amount != _tload(T_AUTH_AMOUNT) || to == address(this)
        ) revert UnauthorizedPayment(msg.sender);
        _tstore(T_AUTH_ADAPTER, 0);
        _move(token, to, amount);
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
        if (params.destinationCallData.length != 0) {
            if (params.destinationGasLimit == 0) revert MissingDestinationGasLimit();
            address fallbackAddress = params.fallbackAddress;
            if (fallbackAddress == address(0) || fallbackAddress == address(this) || fallbackAddress == address(executor)) {
                revert InvalidRecipient(fallbackAddress);
            }
        }
    }

    /// @dev A destination leg without steps (the bridge delivered the output token itself): pays the receiver, or the
    /// executor for the destination call.
    function _deliverHeld(RouteParams calldata params) internal returns (uint256 amountOut) {
        if (block.timestamp > params.deadline) revert DeadlineExpired(params.deadline, block.timestamp);
        address token = params.inputToken;
        if (token != params.outputToken) revert OutputTokenMismatch(params.outputToken, token);
        amountOut = params.amountIn;
        if (amountOut == 0 || amountOut < params.minAmountOut) {
            revert InsufficientOutput(type(uint256).max, amountOut, params.minAmountOut);
        }
        bool call = params.destinationCallData.length != 0;
        if (call) _checkRoute(params, 1);
        IERC20(token).safeTransfer(call ? address(executor) : params.receiver, amountOut);
        if (call) _callDestination(params, token, amountOut);
        emit RouteExecuted(
            params.quoteId, params.receiver, params.receiver, token, amountOut, token, amountOut
        );
    }

    /// @dev The executor holds the route's output: it calls the receiver with destinationCallData and pays the rest to
    /// the fallback address. The router itself never calls a target the request chose.
    function _callDestination(RouteParams calldata params, address token, uint256 amount) internal {
        executor.execute(
            params.quoteId,
            token,
            amount,
            params.receiver,
            params.destinationCallData,
            params.destinationGasLimit,
            params.fallbackAddress
        );
    }

    /// @dev The input (params.amountIn of params.inputToken) is at `source` (see T_SOURCE). Pays the fee, runs the steps
    /// up to and including the first bridge (later steps run on the destination chain, from the bridge's message) and
    /// checks the output.
    function _execute(RouteParams calldata params, Step[] calldata steps, address sender, uint256 source)
        internal
        returns (uint256 amountOut)
    {
        _tstore(T_SOURCE, source);
        (address token, uint256 amount) = _payFee(params, source, steps[0].tokenIn != NATIVE);
        amountOut = _runSteps(params, steps, token, amount);
        emit RouteExecuted(
            params.quoteId, sender, params.receiver, params.inputToken, params.amountIn, params.outputToken, amountOut
        );
    }

    /// @dev Pays the integrator fee from the source (the payer directly in mode 0) and wraps a native input unless the
    /// first step spends native itself (`wrap` false: it is sent as that step's value); returns the token and amount
    /// the first step spends.
    function _payFee(RouteParams calldata params, uint256 source, bool wrap)
        internal
        returns (address token, uint256 amount)
    {
        amount = params.amountIn;
        token = params.inputToken;
        if (params.feeBps != 0) {
            uint256 fee = amount * params.feeBps / 10_000;
            if (fee != 0) {
                if (source >> 160 == SRC_PAYER) {
                    IERC20(token).safeTransferFrom(address(uint160(source)), params.feeRecipient, fee);
                } else {
                    _send(token, params.feeRecipient, fee);
                }
                emit IntegratorFeePaid(params.quoteId, params.feeRecipient, token, fee);
                unchecked {
                    amount -= fee; // fee <= amount: feeBps <= 10000 (_checkRoute)
                }
            }
        }
        if (amount == 0) revert ZeroAmount();
        if (token == NATIVE && wrap) {
            weth.deposit{value: amount}();
            token = address(weth);
        }
    }

    /// @dev Runs the steps up to and including the first bridge and checks the route's minimum; returns the output
    /// (the receiver's balance delta, or what the bridge was handed).
    function _runSteps(RouteParams calldata params, Step[] calldata steps, address token, uint256 amount)
        internal
        returns (uint256 amountOut)
    {
        if (steps[0].kind == KIND_LEG) return _runLegs(params, steps, token, amount);
        uint256 count = _checkSteps(params, steps, token);
        // with a destination call the output goes to the executor (native: unwrapped by the router, then sent there)
        bool call = params.destinationCallData.length != 0;
        address destination = call ? address(executor) : params.receiver;
        // Where each step's input must be: an address (a V2 pair, the adapter) that gets it before the step, or
        // address(0) for an adapter that takes it during its swap through payStepInput (a V3 pool's callback).
        address payee = _payeeOf(steps[0]);
        if (payee != address(0)) _move(token, payee, amount);
        for (uint256 i; i < count;) {
            Step calldata step = steps[i];
            if (step.kind == KIND_BRIDGE) {
                // the last step on this chain: the route's output is what the bridge was handed
                return _bridge(params.quoteId, i, step, amount);
            }
            address next;
            address recipient;
            unchecked {
                if (i + 1 == count) {
                    // the last step is a swap: its output goes to the receiver (native: to the router, unwrapped below)
                    recipient = params.outputToken == NATIVE ? address(this) : destination;
                } else {
                    next = _payeeOf(steps[i + 1]);
                    recipient = next == address(0) ? address(this) : next;
                }
            }
            amount = _swap(params.quoteId, i, step, amount, payee == address(0), recipient);
            payee = next;
            unchecked {
                ++i;
            }
        }
        amountOut = params.outputToken == NATIVE ? _unwrapTo(destination, amount, steps[count - 1].tokenOut) : amount;
        if (amountOut < params.minAmountOut) revert InsufficientOutput(type(uint256).max, amountOut, params.minAmountOut);
        if (call) _callDestination(params, params.outputToken, amountOut);
    }

    /// @dev Checks every step that runs on this chain before any token moves: it spends what the previous one produced,
    /// its adapter is registered, its kind is known, and the last swap produces the route's output token. Returns how
    /// many steps run here (up to and including the first bridge).
    function _checkSteps(RouteParams calldata params, Step[] calldata steps, address token)
        internal
        view
        returns (uint256)
    {
        uint256 count = steps.length;
        for (uint256 i; i < count;) {
            Step calldata step = steps[i];
            if (step.tokenIn != token) revert StepTokenMismatch(i, token, step.tokenIn);
            address adapter = step.adapter;
            if (!isAdapter[adapter]) revert UnknownAdapter(adapter);
            uint8 kind = step.kind;
            if (kind == KIND_BRIDGE) return i + 1;
            if (kind != KIND_SWAP) revert UnknownAdapter(adapter);
            token = step.tokenOut;
            unchecked {
                ++i;
            }
        }
        address output = params.outputToken;
        // a native output comes as WETH (unwrapped by the router) or as native from the last step
        if (output == NATIVE ? token != NATIVE && token != address(weth) : token != output) {
            revert OutputTokenMismatch(output == NATIVE ? address(weth) : output, token);
        }
        return count;
    }

    /// @dev A split route (steps[0] is a leg step): gathers the input in the router, runs each leg on its share of it
    /// (the last leg on the remainder), every leg paying its output to the same place (the receiver, the router for a
    /// native output, the executor when a destination call follows, or the bridge adapter when a bridge follows the
    /// legs), then checks the route's minimum once on the total (or hands the total to the bridge).
    function _runLegs(RouteParams calldata params, Step[] calldata steps, address token, uint256 amount)
        internal
        returns (uint256 amountOut)
    {
        uint256 end = _checkLegs(params, steps, token);
        // one pull from the payer or Permit2 for all the legs: each leg then pays its pool or adapter from the router
        if (_tload(T_SOURCE) != SRC_ROUTER) _move(token, address(this), amount);
        bool bridged = end < steps.length;
        // with a destination call the total goes to the executor, as for a single path (_runSteps)
        address recipient = bridged
            ? steps[end].adapter
            : params.outputToken == NATIVE ? address(this) : _destinationOf(params);
        uint256 left = amount;
        uint256 start;
        while (start < end) {
            uint256 next = start + 1;
            while (next < end && steps[next].kind != KIND_LEG) {
                unchecked {
                    ++next;
                }
            }
            // shares sum to SHARE_UNITS (_checkLegs): the legs before the last take at most `amount` together
            uint256 legIn = next == end ? left : amount * abi.decode(steps[start].data, (uint256)) / SHARE_UNITS;
            if (legIn == 0) revert ZeroAmount();
            unchecked {
                left -= legIn;
            }
            amountOut += _runLeg(params.quoteId, steps, start + 1, next, token, legIn, recipient);
            start = next;
        }
        if (bridged) return _bridge(params.quoteId, end, steps[end], amountOut);
        if (params.outputToken == NATIVE) amountOut = _unwrapTo(_destinationOf(params), amountOut, address(weth));
        if (amountOut < params.minAmountOut) revert InsufficientOutput(type(uint256).max, amountOut, params.minAmountOut);
        if (params.destinationCallData.length != 0) _callDestination(params, params.outputToken, amountOut);
    }

    /// @dev Where a route's output goes on its last chain: the executor when a destination call follows, else the
    /// receiver.
    function _destinationOf(RouteParams calldata params) internal view returns (address) {
        return params.destinationCallData.length != 0 ? address(executor) : params.receiver;
    }

    /// @dev The swaps steps[from..to) of one leg, on `amount` of `token` the router holds; the last pays `recipient`.
    function _runLeg(
        bytes32 quoteId,
        Step[] calldata steps,
        uint256 from,
        uint256 to,
        address token,
        uint256 amount,
        address recipient
    ) internal returns (uint256) {
        address payee = _payeeOf(steps[from]);
        if (payee != address(0)) IERC20(token).safeTransfer(payee, amount);
        for (uint256 i = from; i < to;) {
            address next;
            address stepRecipient = recipient;
            unchecked {
                if (i + 1 != to) {
                    next = _payeeOf(steps[i + 1]);
                    stepRecipient = next == address(0) ? address(this) : next;
                }
            }
            amount = _swap(quoteId, i, steps[i], amount, payee == address(0), stepRecipient);
            payee = next;
            unchecked {
                ++i;
            }
        }
        return amount;
    }

    /// @dev Checks a split before any token moves: every leg starts with a leg step (no adapter) of a positive share followed by at
    /// least one swap, spends `token`, chains its tokens and ends in the legs' common output token (the leg steps'
    /// tokenOut); the shares sum to SHARE_UNITS; adapters are registered; after the legs, either nothing (the output
    /// token is the route's) or one bridge of that token. Returns the index of the bridge, or steps.length.
    function _checkLegs(RouteParams calldata params, Step[] calldata steps, address token)
        internal
        view
        returns (uint256)
    {
        address legOut = steps[0].tokenOut;
        address current;
        uint256 shares;
        uint256 count = steps.length;
        uint256 i;
        for (; i < count;) {
            Step calldata step = steps[i];
            uint8 kind = step.kind;
            if (kind == KIND_LEG) {
                // a leg step runs no adapter: one naming an address is malformed (its data is a share, not a swap's)
                if (step.adapter != address(0)) revert UnknownAdapter(step.adapter);
                if (i != 0 && current != legOut) revert OutputTokenMismatch(legOut, current);
                if (step.tokenIn != token) revert StepTokenMismatch(i, token, step.tokenIn);
                if (step.tokenOut != legOut) revert OutputTokenMismatch(legOut, step.tokenOut);
                if (i + 1 == count || steps[i + 1].kind != KIND_SWAP) revert ZeroAmount();
                uint256 share = abi.decode(step.data, (uint256));
                if (share == 0 || share > SHARE_UNITS) revert InvalidShares(share);
                shares += share;
                current = token;
            } else if (kind == KIND_SWAP) {
                if (step.tokenIn != current) revert StepTokenMismatch(i, current, step.tokenIn);
                if (!isAdapter[step.adapter]) revert UnknownAdapter(step.adapter);
                current = step.tokenOut;
            } else if (kind == KIND_BRIDGE) {
                break;
            } else {
                revert UnknownAdapter(step.adapter);
            }
            unchecked {
                ++i;
            }
        }
        if (shares != SHARE_UNITS) revert InvalidShares(shares);
        if (current != legOut) revert OutputTokenMismatch(legOut, current);
        if (i < count) {
            Step calldata bridge = steps[i];
            if (bridge.tokenIn != legOut) revert StepTokenMismatch(i, legOut, bridge.tokenIn);
            if (!isAdapter[bridge.adapter]) revert UnknownAdapter(bridge.adapter);
            return i;
        }
        address output = params.outputToken == NATIVE ? address(weth) : params.outputToken;
        if (legOut != output) revert OutputTokenMismatch(output, legOut);
        return count;
    }

    /// @dev Where a (checked) step's input must be before it runs; address(0): the adapter takes it with payStepInput,
    /// or, for a native input, as the swap's value.
    function _payeeOf(Step calldata step) internal view returns (address) {
        if (step.kind == KIND_BRIDGE) return step.adapter;
        if (step.tokenIn == NATIVE) return address(0);
        return IJunctionSwapAdapter(step.adapter).payee(step.tokenIn, step.tokenOut, step.data);
    }

    /// @dev One swap whose output goes to `recipient`; returns the recipient's balance delta, checked against the
    /// step's minimum. `pull`: the adapter takes exactly `amountIn` during the swap with payStepInput; a native input
    /// is sent as the swap's value instead (only to a payable adapter: the others' `swap` refuses value). A native
    /// output is paid to the router, which accepts native only during this swap and measures its own balance delta.
    function _swap(bytes32 quoteId, uint256 index, Step calldata step, uint256 amountIn, bool pull, address recipient)
        internal
        returns (uint256 amountOut)
    {
        address adapter = step.adapter;
        address tokenIn = step.tokenIn;
        address tokenOut = step.tokenOut;
        if (tokenIn == NATIVE) {
            pull = false;
        } else if (pull) {
            _tstore(T_AUTH_ADAPTER, uint256(uint160(adapter)));
            _tstore(T_AUTH_TOKEN, uint256(uint160(tokenIn)));
            _tstore(T_AUTH_AMOUNT, amountIn);
        }
        uint256 before = _outputBalance(tokenOut, recipient, true);
        IJunctionNativeSwapAdapter(adapter).swap{value: tokenIn == NATIVE ? amountIn : 0}(
            tokenIn, tokenOut, amountIn, recipient, step.data
        );
        if (pull && _tload(T_AUTH_ADAPTER) != 0) revert InputNotTaken(adapter);
        // a native output: net of a native input sent as this swap's value (a step spending and paying native)
        amountOut = _outputBalance(tokenOut, recipient, false) - before;
        if (amountOut == 0 || amountOut < step.minAmountOut) {
            revert InsufficientOutput(index, amountOut, step.minAmountOut);
        }
        emit StepExecuted(quoteId, index, adapter, KIND_SWAP, tokenIn, tokenOut, amountIn, amountOut);
    }

    /// @dev The recipient's balance of a step's output. A native output is paid to the router only, which accepts
    /// native from anyone between the readings before (`opening`) and after the swap, and at no other time.
    function _outputBalance(address token, address recipient, bool opening) internal returns (uint256) {
        if (token != NATIVE) return _balanceOf(token, recipient);
        if (recipient != address(this)) revert InvalidRecipient(recipient);
        _tstore(T_NATIVE_OPEN, opening ? 1 : 0);
        return address(this).balance;
    }

    /// @dev Native output: the last swap paid WETH (`token`) or native to the router; unwraps WETH, sends the native to
    /// the receiver and returns the receiver's native delta.
    function _unwrapTo(address receiver, uint256 wrapped, address token) internal returns (uint256) {
        uint256 before = receiver.balance;
        if (token != NATIVE) weth.withdraw(wrapped);
        _sendNative(receiver, wrapped);
        return receiver.balance - before;
    }

    /// @dev The bridge adapter already holds the step's input (moved there as the first step's payee, or paid there by
    /// the previous step).
    function _bridge(bytes32 quoteId, uint256 index, Step calldata step, uint256 amountIn)
        internal
        returns (uint256 amountOut)
    {
        address adapter = step.adapter;
        (uint256 destinationChainId, address recipient, uint256 bridgedOut) =
            IJunctionBridgeAdapter(adapter).bridge(step.tokenIn, amountIn, step.data);
        if (bridgedOut == 0 || bridgedOut < step.minAmountOut) {
            revert InsufficientOutput(index, bridgedOut, step.minAmountOut);
        }
        emit StepExecuted(quoteId, index, adapter, KIND_BRIDGE, step.tokenIn, step.tokenOut, amountIn, bridgedOut);
        emit BridgeInitiated(quoteId, adapter, destinationChainId, step.tokenIn, amountIn, recipient);
        return amountIn;
    }

    /// @dev Moves `amount` of `token` to `to` from where the route's input is: the payer (transferFrom; only ever
    /// msg.sender of mode 0), Permit2 (the verified signer of modes 2 and 3), or the router. The payer and Permit2 are
    /// used once, for the first step's input: every later move comes from the router.
    function _move(address token, address to, uint256 amount) internal {
        uint256 source = _tload(T_SOURCE);
        if (source == SRC_ROUTER) {
            IERC20(token).safeTransfer(to, amount);
            return;
        }
        _tstore(T_SOURCE, SRC_ROUTER);
        if (source >> 160 == SRC_PAYER) {
            IERC20(token).safeTransferFrom(address(uint160(source)), to, amount);
        } else {
            _permitTransfer(
                source,
                token,
                amount,
                to,
                _tload(T_PERMIT_NONCE),
                _tload(T_PERMIT_DEADLINE),
                bytes32(_tload(T_PERMIT_WITNESS)),
                _tloadSignature()
            );
        }
    }

    /// @dev Permit2 moves `amount` (the whole signed amount) of `token` from the signer in `source` to `to`.
    function _permitTransfer(
        uint256 source,
        address token,
        uint256 amount,
        address to,
        uint256 nonce,
        uint256 deadline,
        bytes32 witness,
        bytes memory signature
    ) internal {
        ISignatureTransfer.PermitTransferFrom memory transfer = ISignatureTransfer.PermitTransferFrom({
            permitted: ISignatureTransfer.TokenPermissions({token: token, amount: amount}),
            nonce: nonce,
            deadline: deadline
        });
        ISignatureTransfer.SignatureTransferDetails memory details =
            ISignatureTransfer.SignatureTransferDetails({to: to, requestedAmount: amount});
        address owner = address(uint160(source));
        if (source >> 160 == SRC_PERMIT3) {
            permit2.permitWitnessTransferFrom(transfer, details, owner, witness, WITNESS_TYPE_STRING, signature);
        } else {
            permit2.permitTransferFrom(transfer, details, owner, signature);
        }
    }

    function _balanceOf(address token, address account) internal view returns (uint256 amount) {
        assembly ("memory-safe") {
            mstore(0x00, 0x70a08231) // balanceOf(address): the selector at 0x1c..0x20, the account at 0x20..0x40
            mstore(0x20, account)
            if iszero(and(gt(returndatasize(), 0x1f), staticcall(gas(), token, 0x1c, 0x24, 0x00, 0x20))) {
                // a failed call: returndatasize() is 0 or the revert data
                if iszero(returndatasize()) { revert(0, 0) }
                returndatacopy(0x00, 0x00, returndatasize())
                revert(0x00, returndatasize())
            }
            amount := mload(0x00)
        }
    }

    function _tstore(uint256 slot, uint256 value) internal {
        assembly ("memory-safe") {
            tstore(slot, value)
        }
    }

    function _tload(uint256 slot) internal view returns (uint256 value) {
        assembly ("memory-safe") {
            value := tload(slot)
        }
    }

    function _tstoreSignature(bytes calldata signature) internal {
        assembly ("memory-safe") {
            let length := signature.length
            tstore(T_PERMIT_SIGNATURE, length)
            for { let i := 0 } lt(i, length) { i := add(i, 0x20) } {
                tstore(add(T_PERMIT_SIGNATURE, add(1, shr(5, i))), calldataload(add(signature.offset, i)))
            }
        }
    }

    function _tloadSignature() internal view returns (bytes memory signature) {
        assembly ("memory-safe") {
            let length := tload(T_PERMIT_SIGNATURE)
            signature := mload(0x40)
            mstore(signature, length)
            let words := shr(5, add(length, 0x1f))
            for { let w := 0 } lt(w, words) { w := add(w, 1) } {
                mstore(add(signature, shl(5, add(w, 1))), tload(add(T_PERMIT_SIGNATURE, add(1, w))))
            }
            mstore(0x40, add(signature, shl(5, add(words, 1))))
        }
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
