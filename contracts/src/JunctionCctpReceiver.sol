// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IJunctionRouter} from "./IJunctionRouter.sol";

/// @notice Circle CCTP V1 TokenMessenger, the getters the receiver reads once.
interface ICctpTokenMessenger {
    function localMessageTransmitter() external view returns (address);
    function localMinter() external view returns (address);
}

/// @notice Circle CCTP V1 TokenMinter: the local token of a remote domain's burned token.
interface ICctpTokenMinter {
    function getLocalToken(uint32 remoteDomain, bytes32 remoteToken) external view returns (address);
}

/// @notice Circle CCTP V1 MessageTransmitter: verifies a message's attestation, marks its nonce used and hands its
/// body to the recipient's handleReceiveMessage.
interface ICctpMessageTransmitter {
    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool);
}

/// @notice The router's bridge delivery entry point (the one Across's SpokePool calls), its revert for a leg that ran out
/// of gas and the gas it needs for a leg (its DESTINATION_STEP_GAS and DESTINATION_BASE_GAS constants).
interface IJunctionBridgeDelivery {
    error InsufficientDestinationGas(uint256 gasLeft, uint256 needed);

    function handleV3AcrossMessage(address token, uint256 amount, address relayer, bytes calldata message) external;
}

/// @title JunctionCctpReceiver
/// @notice The destination end of a CCTP bridge step that goes on (a destination leg or call): the source chain's
/// CctpAdapter burned USDC with this contract as mintRecipient and only caller, and sent it a second Circle message
/// binding the leg: abi.encode(uint64 burnNonce, keccak256(message)), message = abi.encode(uint256 redeemFee,
/// abi.encode(RouteParams, Step[])). Anyone (Junction's relayer in practice) calls {redeem} with both messages, their
/// attestations and the message: the receiver has Circle's MessageTransmitter verify and consume both, checks the leg
/// came from the registered adapter of the burn's domain and binds this burn and this message, pays redeemFee to the
/// caller and hands the rest to its router exactly as Across's SpokePool does (`handleV3AcrossMessage`, the receiver
/// being a registered bridge messenger): the router runs the leg and the call, or pays the bridged USDC to the
/// receiver or fallback address when the leg cannot run. A leg that makes the router revert for gas even with
/// {LEG_GAS_MARGIN} more than the router's own need (a hostile token on its path can make every run look under-gassed)
/// pays the bridged USDC to that address itself: a burn has no refund, so no leg may strand it.
/// Rules (each attacked by a test in test/CctpLeg.t.sol or test/CctpLegAttacks.t.sol): each burn is redeemed at most
/// once (Circle's used nonces); a burn only with the leg its adapter sent for it, the leg only with its burn and its
/// exact message; nothing stays in the receiver after a transaction; the owner only registers remote adapters (no
/// function moves tokens).
/// Trust: Circle's attesters (the transmitter's signature check) and the owner's registrations.
/// @dev Message V1 layout (abi.encodePacked, byte offsets): version uint32 at 0, sourceDomain uint32 at 4,
/// destinationDomain uint32 at 8, nonce uint64 at 12, sender at 20, recipient at 52, destinationCaller at 84 (bytes32
/// each), body at 116. BurnMessage body: version uint32 at 0, burnToken at 4, mintRecipient at 36, amount at 68,
/// messageSender at 100 (132 bytes).
contract JunctionCctpReceiver is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 internal constant BODY = 116;
    uint256 internal constant BURN_MESSAGE_LENGTH = BODY + 132;
    uint256 internal constant LEG_MESSAGE_LENGTH = BODY + 64;
    /// @dev Transient: 1 while {redeem} waits for the leg's handleReceiveMessage, then keccak256 of the leg's body.
    uint256 internal constant T_LEG = 0x4a43000000000000000000000000000000000000000000000000000000000001;
    uint256 internal constant AWAITING_LEG = 1;
    /// @notice Gas beyond the router's need for a leg (destinationGasLimit + DESTINATION_STEP_GAS per step +
    /// DESTINATION_BASE_GAS) after which a leg that still fails for gas is deemed unrunnable: the bridged USDC goes to
    /// its receiver (or fallback address) instead of waiting forever.
    uint256 public constant LEG_GAS_MARGIN = 2_000_000;
    /// @dev Gas kept back from the leg's run for the fallback (decoding the leg, the transfer, the events).
    uint256 internal constant GAS_AFTER_LEG = 100_000;
    /// @dev A router revert longer than this is not one of its own errors: never copied.
    uint256 internal constant MAX_REASON = 260;
    /// @dev The router's DESTINATION_STEP_GAS and DESTINATION_BASE_GAS (test/CctpLegAttacks.t.sol compares them).
    uint256 internal constant ROUTER_STEP_GAS = 100_000;
    uint256 internal constant ROUTER_BASE_GAS = 100_000;

    /// @notice The router that runs the legs (this receiver is one of its bridge messengers).
    address public immutable router;
    /// @notice Circle's TokenMessenger on this chain (the burn messages' recipient).
    address public immutable tokenMessenger;
    /// @notice Circle's MessageTransmitter on this chain (the TokenMessenger's).
    address public immutable messageTransmitter;
    /// @notice Circle's TokenMinter on this chain (the TokenMessenger's).
    address public immutable tokenMinter;

    /// @notice The CctpAdapter of each remote CCTP domain (as bytes32): the only sender of legs this receiver runs.
    mapping(uint32 => bytes32) public remoteAdapter;

    event RemoteAdapterSet(uint32 indexed domain, bytes32 adapter);
    /// @notice A burn and its leg were redeemed: `amount` of `token` was minted, `redeemFee` paid to `redeemer` and the
    /// rest handed to the router with the leg.
    event CctpLegRedeemed(
        uint32 indexed sourceDomain,
        uint64 indexed burnNonce,
        bytes32 indexed quoteId,
        address token,
        uint256 amount,
        uint256 redeemFee,
        address redeemer
    );

    /// @notice A message is not a V1 message of the expected length.
    error MalformedMessage();
    /// @notice The burn and the leg come from different domains.
    error SourceDomainMismatch(uint32 burnDomain, uint32 legDomain);
    /// @notice The leg's sender is not the registered adapter of its domain (or none is registered).
    error UnknownRemoteAdapter(uint32 domain, bytes32 sender);
    /// @notice A message is not addressed to (or not reserved for) this receiver, or the burn not to the TokenMessenger.
    error NotForThisReceiver();
    /// @notice Circle's minter knows no local token for the burned one.
    error UnsupportedBurnToken(uint32 domain, bytes32 burnToken);
    /// @notice Receiving the burn minted nothing to this receiver.
    error NothingMinted();
    /// @notice The leg does not bind this burn's nonce and this message.
    error LegMismatch();
    /// @notice The redeem fee is not below the minted amount.
    error RedeemFeeTooHigh(uint256 redeemFee, uint256 amount);
    /// @notice handleReceiveMessage from other than the transmitter, or outside a redeem's leg.
    error UnexpectedMessage(address caller);
    /// @notice {runLeg} from other than this receiver.
    error OnlySelf(address caller);
    /// @notice The leg ran out of gas with less than `gasCap` (the router's need plus LEG_GAS_MARGIN): retry with more.
    error InsufficientLegGas(uint256 gasGiven, uint256 gasCap);

    /// @notice The router reverted for gas on a leg given at least its need plus LEG_GAS_MARGIN: `payee` (its receiver,
    /// or its fallback address with a call) got the bridged `amount` of `token`.
    event CctpLegFallback(bytes32 indexed quoteId, address indexed payee, address token, uint256 amount);

    constructor(address owner_, address router_, address tokenMessenger_) Ownable(owner_) {
        router = router_;
        tokenMessenger = tokenMessenger_;
        messageTransmitter = ICctpTokenMessenger(tokenMessenger_).localMessageTransmitter();
        tokenMinter = ICctpTokenMessenger(tokenMessenger_).localMinter();
    }

    /// @notice Registers `adapter` (bytes32, zero to remove) as domain `domain`'s CctpAdapter.
    function setRemoteAdapter(uint32 domain, bytes32 adapter) external onlyOwner {
        remoteAdapter[domain] = adapter;
        emit RemoteAdapterSet(domain, adapter);
    }

    /// @notice Receives a CCTP burn and its leg and runs the leg through the router; anyone may call it, once per burn.
    /// @param burnMessage the burn's Circle message (MessageSent of the source transaction, burn nonce)
    /// @param burnAttestation Circle's attestation of burnMessage
    /// @param legMessage the leg's Circle message (MessageSent of the same transaction, the next nonce)
    /// @param legAttestation Circle's attestation of legMessage
    /// @param message the leg itself, abi.encode(uint256 redeemFee, bytes routeMessage) (CctpLegSent's message)
    /// @return delivered what the router got: the minted amount less redeemFee
    function redeem(
        bytes calldata burnMessage,
        bytes calldata burnAttestation,
        bytes calldata legMessage,
        bytes calldata legAttestation,
        bytes calldata message
    ) external nonReentrant returns (uint256 delivered) {
        (uint32 sourceDomain, address token) = _checkPair(burnMessage, legMessage);
        uint256 amount = IERC20(token).balanceOf(address(this));
        ICctpMessageTransmitter(messageTransmitter).receiveMessage(burnMessage, burnAttestation);
        amount = IERC20(token).balanceOf(address(this)) - amount;
        if (amount == 0) revert NothingMinted();
        uint64 burnNonce = uint64(bytes8(burnMessage[12:20]));
        _receiveLeg(legMessage, legAttestation, keccak256(abi.encode(burnNonce, keccak256(message))));
        delivered = _deliver(sourceDomain, burnNonce, token, amount, message);
    }

    /// @notice Circle's MessageTransmitter hands over the leg's body: accepted only from it and only while {redeem}
    /// waits for its leg; the body's hash is kept for {redeem} to compare (a transient slot).
    function handleReceiveMessage(uint32, bytes32, bytes calldata messageBody) external returns (bool) {
        if (msg.sender != messageTransmitter || _tload(T_LEG) != AWAITING_LEG) revert UnexpectedMessage(msg.sender);
        _tstore(T_LEG, uint256(keccak256(messageBody)));
        return true;
    }

    /// @notice Hands `amount` of `token` to the router with the leg (only this receiver, from {redeem}: a self-call, so
    /// that a router revert also undoes the transfer and the receiver still holds the USDC for the fallback).
    function runLeg(address token, uint256 amount, address redeemer, bytes calldata routeMessage) external {
        if (msg.sender != address(this)) revert OnlySelf(msg.sender);
        IERC20(token).safeTransfer(router, amount);
        IJunctionBridgeDelivery(router).handleV3AcrossMessage(token, amount, redeemer, routeMessage);
    }

    /// @dev The checks that need no call but the minter's: both messages from one domain, the leg from that domain's
    /// registered adapter, addressed to and reserved for this receiver, the burn to the TokenMessenger for this receiver
    /// only, of a token the minter links; returns the domain and the local token.
    function _checkPair(bytes calldata burnMessage, bytes calldata legMessage)
        internal
        view
        returns (uint32 sourceDomain, address token)
    {
        if (burnMessage.length != BURN_MESSAGE_LENGTH || legMessage.length != LEG_MESSAGE_LENGTH) {
            revert MalformedMessage();
        }
        sourceDomain = uint32(bytes4(burnMessage[4:8]));
        uint32 legDomain = uint32(bytes4(legMessage[4:8]));
        if (legDomain != sourceDomain) revert SourceDomainMismatch(sourceDomain, legDomain);
        bytes32 legSender = bytes32(legMessage[20:52]);
        if (legSender == bytes32(0) || legSender != remoteAdapter[sourceDomain]) {
            revert UnknownRemoteAdapter(sourceDomain, legSender);
        }
        bytes32 self = bytes32(uint256(uint160(address(this))));
        if (
            bytes32(legMessage[52:84]) != self || bytes32(legMessage[84:116]) != self
                || bytes32(burnMessage[52:84]) != bytes32(uint256(uint160(tokenMessenger)))
                || bytes32(burnMessage[84:116]) != self || bytes32(burnMessage[BODY + 36:BODY + 68]) != self
        ) revert NotForThisReceiver();
        bytes32 burnToken = bytes32(burnMessage[BODY + 4:BODY + 36]);
        token = ICctpTokenMinter(tokenMinter).getLocalToken(sourceDomain, burnToken);
        if (token == address(0)) revert UnsupportedBurnToken(sourceDomain, burnToken);
    }

    /// @dev Has the transmitter verify and consume the leg, whose body must be `expectedBody`'s preimage.
    function _receiveLeg(bytes calldata legMessage, bytes calldata legAttestation, bytes32 expectedBody) internal {
        _tstore(T_LEG, AWAITING_LEG);
        ICctpMessageTransmitter(messageTransmitter).receiveMessage(legMessage, legAttestation);
        if (bytes32(_tload(T_LEG)) != expectedBody) revert LegMismatch();
        _tstore(T_LEG, 0);
    }

    /// @dev Pays the redeem fee to the caller and the rest, with the route, to the router.
    function _deliver(uint32 sourceDomain, uint64 burnNonce, address token, uint256 amount, bytes calldata message)
        internal
        returns (uint256 delivered)
    {
        (uint256 redeemFee, bytes memory routeMessage) = abi.decode(message, (uint256, bytes));
        if (redeemFee >= amount) revert RedeemFeeTooHigh(redeemFee, amount);
        delivered = amount - redeemFee;
        if (redeemFee != 0) IERC20(token).safeTransfer(msg.sender, redeemFee);
        _runLegOrFallBack(token, delivered, routeMessage);
        emit CctpLegRedeemed(sourceDomain, burnNonce, _quoteIdOf(routeMessage), token, amount, redeemFee, msg.sender);
    }

    /// @dev Runs the leg through {runLeg} with all the gas but GAS_AFTER_LEG, copying none of a long revert. A revert
    /// that is one of the router's refusals (an unknown messenger, a recipient it cannot pay, ...) is the redeem's. A
    /// revert for gas (the router's InsufficientDestinationGas, or out of gas, or a reason too long to be the router's)
    /// is the redeem's too while the leg got less than its cap (the relayer retries with more gas); with at least the
    /// cap, the leg cannot run: the bridged USDC goes to its payee, as the router pays it when a leg fails.
    function _runLegOrFallBack(address token, uint256 delivered, bytes memory routeMessage) internal {
        uint256 gasLeft = gasleft();
        if (gasLeft <= GAS_AFTER_LEG) revert InsufficientLegGas(0, 0);
        uint256 gasGiven = (gasLeft - GAS_AFTER_LEG) * 63 / 64; // at least what the call gets (EIP-150)
        bytes memory data = abi.encodeCall(this.runLeg, (token, delivered, msg.sender, routeMessage));
        bool ok;
        uint256 size;
        bytes4 selector;
        assembly ("memory-safe") {
            ok := call(sub(gasLeft, GAS_AFTER_LEG), address(), 0, add(data, 0x20), mload(data), 0, 0)
            size := returndatasize()
            if gt(size, 3) {
                returndatacopy(0, 0, 4)
                selector := and(mload(0), shl(224, 0xffffffff))
            }
        }
        if (ok) return;
        bool forGas = size == 0 || size > MAX_REASON
            || selector == IJunctionBridgeDelivery.InsufficientDestinationGas.selector;
        _fallBackOrRevert(token, delivered, routeMessage, forGas ? gasGiven : 0, size);
    }

    /// @dev After the leg's run reverted (`size` bytes of reason, still in the return data): pays the bridged USDC to
    /// the leg's payee when the revert was for gas with `gasGiven` at least the leg's cap (a revert not for gas comes
    /// with `gasGiven` 0), else reverts with the router's reason (or InsufficientLegGas when it was not the router's).
    function _fallBackOrRevert(address token, uint256 delivered, bytes memory routeMessage, uint256 gasGiven, uint256 size)
        internal
    {
        (IJunctionRouter.RouteParams memory params, IJunctionRouter.Step[] memory steps) =
            abi.decode(routeMessage, (IJunctionRouter.RouteParams, IJunctionRouter.Step[]));
        uint256 gasCap = type(uint256).max;
        if (params.destinationGasLimit < type(uint128).max) {
            gasCap = params.destinationGasLimit + steps.length * ROUTER_STEP_GAS + ROUTER_BASE_GAS + LEG_GAS_MARGIN;
        }
        if (gasGiven < gasCap) {
            if (size == 0 || size > MAX_REASON) revert InsufficientLegGas(gasGiven, gasCap);
            assembly ("memory-safe") {
                let p := mload(0x40)
                returndatacopy(p, 0, size)
                revert(p, size)
            }
        }
        address payee = params.destinationCallData.length == 0 ? params.receiver : params.fallbackAddress;
        IERC20(token).safeTransfer(payee, delivered);
        emit CctpLegFallback(params.quoteId, payee, token, delivered);
    }

    /// @dev The quote id: the first field of the RouteParams that routeMessage's first word points to (the router has
    /// decoded the whole message by then).
    function _quoteIdOf(bytes memory routeMessage) internal pure returns (bytes32 quoteId) {
        assembly ("memory-safe") {
            quoteId := mload(add(add(routeMessage, 0x20), mload(add(routeMessage, 0x20))))
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
}
