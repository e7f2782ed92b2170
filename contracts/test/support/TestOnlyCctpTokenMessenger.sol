// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The parts of the TEST ONLY Circle V1 MessageTransmitter and TokenMinter the messenger calls.
interface ITestOnlyCctpTransmitter {
    function sendMessage(uint32 destinationDomain, bytes32 recipient, bytes calldata messageBody)
        external
        returns (uint64);
    function sendMessageWithCaller(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        bytes calldata messageBody
    ) external returns (uint64);
}

interface ITestOnlyCctpMinter {
    function mint(uint32 sourceDomain, bytes32 burnToken, address to, uint256 amount) external returns (address);
    function burn(address burnToken, uint256 amount) external;
}

interface ITestOnlyTransferFrom {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title TEST ONLY: Circle CCTP V1 TokenMessenger reproduced
/// @notice No npm package ships Circle's bytecode; this reproduces circlefin/evm-cctp-contracts V1
/// src/TokenMessenger.sol with src/messages/BurnMessage.sol: depositForBurn and depositForBurnWithCaller (checks:
/// amount > 0, mintRecipient != 0, a registered destination domain, a nonzero caller for the latter; the token moved
/// from the sender to the local minter, which burns it; the BurnMessage body abi.encodePacked(uint32 version, bytes32
/// burnToken, bytes32 mintRecipient, uint256 amount, bytes32 messageSender) sent through the local transmitter to the
/// destination's TokenMessenger, with or without a destination caller; DepositForBurn), handleReceiveMessage (only the
/// local transmitter, only from the registered remote TokenMessenger, a 132-byte body of this version; mints through
/// the local minter; MintAndWithdraw), the owner's registrations. Left out: replaceDepositForBurn, rescue, ownership
/// transfer, removals. The deployer is owner. See docs/DECISIONS.md. Never deploy it.
contract TestOnlyCctpTokenMessenger {
    uint256 internal constant BURN_MESSAGE_LENGTH = 132;

    address public immutable localMessageTransmitter;
    uint32 public immutable messageBodyVersion;
    address public localMinter;
    address public owner;
    mapping(uint32 => bytes32) public remoteTokenMessengers;

    event DepositForBurn(
        uint64 indexed nonce,
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller
    );
    event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken);
    event RemoteTokenMessengerAdded(uint32 domain, bytes32 tokenMessenger);
    event LocalMinterAdded(address localMinter);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    constructor(address messageTransmitter, uint32 messageBodyVersion_) {
        require(messageTransmitter != address(0), "MessageTransmitter not set");
        localMessageTransmitter = messageTransmitter;
        messageBodyVersion = messageBodyVersion_;
        owner = msg.sender;
    }

    function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken)
        external
        returns (uint64 nonce)
    {
        return _depositForBurn(amount, destinationDomain, mintRecipient, burnToken, bytes32(0));
    }

    function depositForBurnWithCaller(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller
    ) external returns (uint64 nonce) {
        require(destinationCaller != bytes32(0), "Invalid destination caller");
        return _depositForBurn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller);
    }

    function handleReceiveMessage(uint32 remoteDomain, bytes32 sender, bytes calldata messageBody)
        external
        returns (bool)
    {
        require(msg.sender == localMessageTransmitter, "Invalid message transmitter");
        require(sender != bytes32(0) && remoteTokenMessengers[remoteDomain] == sender, "Remote TokenMessenger unsupported");
        require(messageBody.length == BURN_MESSAGE_LENGTH, "Invalid message length");
        require(uint32(bytes4(messageBody[0:4])) == messageBodyVersion, "Invalid message body version");
        bytes32 burnToken = bytes32(messageBody[4:36]);
        address mintRecipient = address(uint160(uint256(bytes32(messageBody[36:68]))));
        uint256 amount = uint256(bytes32(messageBody[68:100]));
        address mintToken = ITestOnlyCctpMinter(_localMinter()).mint(remoteDomain, burnToken, mintRecipient, amount);
        emit MintAndWithdraw(mintRecipient, amount, mintToken);
        return true;
    }

    function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger) external onlyOwner {
        require(tokenMessenger != bytes32(0), "bytes32(0) not allowed");
        require(remoteTokenMessengers[domain] == bytes32(0), "TokenMessenger already set");
        remoteTokenMessengers[domain] = tokenMessenger;
        emit RemoteTokenMessengerAdded(domain, tokenMessenger);
    }

    function addLocalMinter(address newLocalMinter) external onlyOwner {
        require(newLocalMinter != address(0), "Zero address not allowed");
        require(localMinter == address(0), "Local minter is already set.");
        localMinter = newLocalMinter;
        emit LocalMinterAdded(newLocalMinter);
    }

    function _depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller
    ) internal returns (uint64 nonce) {
        require(amount > 0, "Amount must be nonzero");
        require(mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        bytes32 destinationTokenMessenger = remoteTokenMessengers[destinationDomain];
        require(destinationTokenMessenger != bytes32(0), "No TokenMessenger for domain");
        address minter = _localMinter();
        require(ITestOnlyTransferFrom(burnToken).transferFrom(msg.sender, minter, amount), "Transfer operation failed");
        ITestOnlyCctpMinter(minter).burn(burnToken, amount);
        bytes memory burnMessage = abi.encodePacked(
            messageBodyVersion,
            bytes32(uint256(uint160(burnToken))),
            mintRecipient,
            amount,
            bytes32(uint256(uint160(msg.sender)))
        );
        nonce = destinationCaller == bytes32(0)
            ? ITestOnlyCctpTransmitter(localMessageTransmitter).sendMessage(
                destinationDomain, destinationTokenMessenger, burnMessage
            )
            : ITestOnlyCctpTransmitter(localMessageTransmitter).sendMessageWithCaller(
                destinationDomain, destinationTokenMessenger, destinationCaller, burnMessage
            );
        emit DepositForBurn(
            nonce,
            burnToken,
            amount,
            msg.sender,
            mintRecipient,
            destinationDomain,
            destinationTokenMessenger,
            destinationCaller
        );
    }

    function _localMinter() internal view returns (address) {
        require(localMinter != address(0), "Local minter is not set");
        return localMinter;
    }
}
