// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @notice Circle's IMessageHandler: the recipient of a received message.
interface ITestOnlyCctpMessageHandler {
    function handleReceiveMessage(uint32 sourceDomain, bytes32 sender, bytes calldata messageBody)
        external
        returns (bool);
}

/// @title TEST ONLY: Circle CCTP V1 MessageTransmitter reproduced
/// @notice No npm package ships Circle's bytecode; this reproduces circlefin/evm-cctp-contracts V1
/// src/MessageTransmitter.sol with src/roles/Attestable.sol and src/messages/Message.sol: the message layout
/// (abi.encodePacked version uint32, sourceDomain uint32, destinationDomain uint32, nonce uint64, sender bytes32,
/// recipient bytes32, destinationCaller bytes32, body), sendMessage / sendMessageWithCaller (one nonce per message,
/// MessageSent), receiveMessage's checks in Circle's order (the attestation: exactly signatureThreshold 65-byte ECDSA
/// signatures over keccak256(message), signers strictly increasing and each an enabled attester; the format, the
/// destination domain, the destination caller, the version, the unused nonce, then the recipient's
/// handleReceiveMessage must return true; MessageReceived) and the attester manager's powers. Left out: pause,
/// rescue, replaceMessage, ownership transfer. The deployer is owner and attester manager. Never deploy it.
contract TestOnlyCctpMessageTransmitter {
    uint256 internal constant SIGNATURE_LENGTH = 65;
    uint256 internal constant MESSAGE_BODY_INDEX = 116;

    uint32 public immutable localDomain;
    uint32 public immutable version;
    uint256 public maxMessageBodySize;
    uint64 public nextAvailableNonce;
    /// @notice keccak256(abi.encodePacked(sourceDomain, nonce)) -> 1 once received.
    mapping(bytes32 => uint256) public usedNonces;
    uint256 public signatureThreshold;
    mapping(address => bool) public isEnabledAttester;
    uint256 public getNumEnabledAttesters;
    address public attesterManager;

    event MessageSent(bytes message);
    event MessageReceived(
        address indexed caller, uint32 sourceDomain, uint64 indexed nonce, bytes32 sender, bytes messageBody
    );
    event AttesterEnabled(address indexed attester);
    event AttesterDisabled(address indexed attester);
    event SignatureThresholdUpdated(uint256 oldSignatureThreshold, uint256 newSignatureThreshold);

    modifier onlyAttesterManager() {
        require(msg.sender == attesterManager, "Caller not attester manager");
        _;
    }

    constructor(uint32 localDomain_, address attester, uint32 maxMessageBodySize_, uint32 version_) {
        localDomain = localDomain_;
        maxMessageBodySize = maxMessageBodySize_;
        version = version_;
        attesterManager = msg.sender;
        signatureThreshold = 1;
        _enableAttester(attester);
    }

    // ---------------------------------------------------------------- attesters (Attestable)

    function enableAttester(address newAttester) external onlyAttesterManager {
        _enableAttester(newAttester);
    }

    function disableAttester(address attester) external onlyAttesterManager {
        require(getNumEnabledAttesters > 1, "Too few enabled attesters");
        require(getNumEnabledAttesters > signatureThreshold, "Signature threshold is too low");
        require(isEnabledAttester[attester], "Attester already disabled");
        isEnabledAttester[attester] = false;
        getNumEnabledAttesters--;
        emit AttesterDisabled(attester);
    }

    function setSignatureThreshold(uint256 newSignatureThreshold) external onlyAttesterManager {
        require(newSignatureThreshold != 0, "Invalid signature threshold");
        require(newSignatureThreshold <= getNumEnabledAttesters, "New signature threshold too high");
        require(newSignatureThreshold != signatureThreshold, "Signature threshold already set");
        emit SignatureThresholdUpdated(signatureThreshold, newSignatureThreshold);
        signatureThreshold = newSignatureThreshold;
    }

    function _enableAttester(address newAttester) internal {
        require(newAttester != address(0), "New attester must be nonzero");
        require(!isEnabledAttester[newAttester], "Attester already enabled");
        isEnabledAttester[newAttester] = true;
        getNumEnabledAttesters++;
        emit AttesterEnabled(newAttester);
    }

    // ---------------------------------------------------------------- sending

    function sendMessage(uint32 destinationDomain, bytes32 recipient, bytes calldata messageBody)
        external
        returns (uint64)
    {
        return _sendMessage(destinationDomain, recipient, bytes32(0), messageBody);
    }

    function sendMessageWithCaller(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        bytes calldata messageBody
    ) external returns (uint64) {
        require(destinationCaller != bytes32(0), "Destination caller must be nonzero");
        return _sendMessage(destinationDomain, recipient, destinationCaller, messageBody);
    }

    function _sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        bytes calldata messageBody
    ) internal returns (uint64 nonce) {
        nonce = nextAvailableNonce++;
        require(messageBody.length <= maxMessageBodySize, "Message body exceeds max size");
        require(recipient != bytes32(0), "Recipient must be nonzero");
        bytes32 sender = bytes32(uint256(uint160(msg.sender)));
        emit MessageSent(
            abi.encodePacked(
                version, localDomain, destinationDomain, nonce, sender, recipient, destinationCaller, messageBody
            )
        );
    }

    // ---------------------------------------------------------------- receiving

    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool success) {
        _verifyAttestationSignatures(message, attestation);
        require(message.length >= MESSAGE_BODY_INDEX, "Invalid message: too short");
        require(uint32(bytes4(message[8:12])) == localDomain, "Invalid destination domain");
        bytes32 destinationCaller = bytes32(message[84:116]);
        if (destinationCaller != bytes32(0)) {
            require(destinationCaller == bytes32(uint256(uint160(msg.sender))), "Invalid caller for message");
        }
        require(uint32(bytes4(message[0:4])) == version, "Invalid message version");
        uint32 sourceDomain = uint32(bytes4(message[4:8]));
        uint64 nonce = uint64(bytes8(message[12:20]));
        bytes32 sourceAndNonce = keccak256(abi.encodePacked(sourceDomain, nonce));
        require(usedNonces[sourceAndNonce] == 0, "Nonce already used");
        usedNonces[sourceAndNonce] = 1;
        bytes32 sender = bytes32(message[20:52]);
        bytes calldata messageBody = message[MESSAGE_BODY_INDEX:];
        address recipient = address(uint160(uint256(bytes32(message[52:84]))));
        require(
            ITestOnlyCctpMessageHandler(recipient).handleReceiveMessage(sourceDomain, sender, messageBody),
            "handleReceiveMessage() failed"
        );
        emit MessageReceived(msg.sender, sourceDomain, nonce, sender, messageBody);
        return true;
    }

    /// @dev Exactly signatureThreshold 65-byte signatures (r, s, v) over keccak256(message), signers strictly
    /// increasing (no duplicates), each an enabled attester.
    function _verifyAttestationSignatures(bytes calldata message, bytes calldata attestation) internal view {
        require(attestation.length == SIGNATURE_LENGTH * signatureThreshold, "Invalid attestation length");
        address latest = address(0);
        bytes32 digest = keccak256(message);
        for (uint256 i; i < signatureThreshold; ++i) {
            address attester =
                ECDSA.recover(digest, attestation[i * SIGNATURE_LENGTH:i * SIGNATURE_LENGTH + SIGNATURE_LENGTH]);
            require(attester > latest, "Invalid signature order or dupe");
            require(isEnabledAttester[attester], "Invalid signature: not attester");
            latest = attester;
        }
    }
}
