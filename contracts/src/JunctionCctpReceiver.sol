// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

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

/// @notice The router's bridge delivery entry point (the one Across's SpokePool calls).
interface IJunctionBridgeDelivery {
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
/// receiver or fallback address when the leg cannot run.
/// Rules (each attacked by a test in test/CctpLeg.t.sol): each burn is redeemed at most once (Circle's used nonces);
/// a burn only with the leg its adapter sent for it, the leg only with its burn and its exact message; nothing stays in
/// the receiver after a transaction; the owner only registers remote adapters (no function moves tokens).
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
        IERC20(token).safeTransfer(router, delivered);
        IJunctionBridgeDelivery(router).handleV3AcrossMessage(token, delivered, msg.sender, routeMessage);
        emit CctpLegRedeemed(sourceDomain, burnNonce, _quoteIdOf(routeMessage), token, amount, redeemFee, msg.sender);
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
