// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Circle's IMintBurnToken, the two calls the minter makes (FiatToken; UMA's ExpandedERC20 with the minter and
/// burner roles; the forge TestToken).
interface ITestOnlyMintBurnToken {
    function mint(address to, uint256 amount) external returns (bool);
    function burn(uint256 amount) external;
}

/// @title TEST ONLY: Circle CCTP V1 TokenMinter reproduced
/// @notice No npm package ships Circle's bytecode; this reproduces circlefin/evm-cctp-contracts V1 src/TokenMinter.sol
/// with src/roles/TokenController.sol: token pairs (keccak256(abi.encodePacked(remoteDomain, remoteToken)) -> local
/// token, linkTokenPair / getLocalToken), per-message burn limits, mint (only the local TokenMessenger: the local token
/// of the burned one must be linked; token.mint(to, amount) must return true) and burn (only the local TokenMessenger,
/// within the burn limit: token.burn(amount) of what the messenger moved to the minter). Left out: pause, rescue,
/// ownership transfer, unlinkTokenPair. The deployer is owner. Never deploy it.
contract TestOnlyCctpTokenMinter {
    address public owner;
    address public tokenController;
    address public localTokenMessenger;
    mapping(address => uint256) public burnLimitsPerMessage;
    mapping(bytes32 => address) public remoteTokensToLocalTokens;

    event LocalTokenMessengerAdded(address localTokenMessenger);
    event TokenPairLinked(address localToken, uint32 remoteDomain, bytes32 remoteToken);
    event SetBurnLimitPerMessage(address indexed token, uint256 burnLimitPerMessage);
    event SetTokenController(address tokenController);

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    modifier onlyTokenController() {
        require(msg.sender == tokenController, "Caller is not tokenController");
        _;
    }

    modifier onlyLocalTokenMessenger() {
        require(localTokenMessenger != address(0) && msg.sender == localTokenMessenger, "Caller not local TokenMessenger");
        _;
    }

    constructor(address tokenController_) {
        owner = msg.sender;
        _setTokenController(tokenController_);
    }

    function mint(uint32 sourceDomain, bytes32 burnToken, address to, uint256 amount)
        external
        onlyLocalTokenMessenger
        returns (address mintToken)
    {
        mintToken = remoteTokensToLocalTokens[_hashRemoteDomainAndToken(sourceDomain, burnToken)];
        require(mintToken != address(0), "Mint token not supported");
        require(ITestOnlyMintBurnToken(mintToken).mint(to, amount), "Mint operation failed");
    }

    function burn(address burnToken, uint256 burnAmount) external onlyLocalTokenMessenger {
        uint256 allowed = burnLimitsPerMessage[burnToken];
        require(allowed > 0, "Burn token not supported");
        require(burnAmount <= allowed, "Burn amount exceeds per tx limit");
        ITestOnlyMintBurnToken(burnToken).burn(burnAmount);
    }

    function addLocalTokenMessenger(address newLocalTokenMessenger) external onlyOwner {
        require(newLocalTokenMessenger != address(0), "Invalid TokenMessenger address");
        require(localTokenMessenger == address(0), "Local TokenMessenger already set");
        localTokenMessenger = newLocalTokenMessenger;
        emit LocalTokenMessengerAdded(newLocalTokenMessenger);
    }

    function setTokenController(address newTokenController) external onlyOwner {
        _setTokenController(newTokenController);
    }

    function linkTokenPair(address localToken, uint32 remoteDomain, bytes32 remoteToken) external onlyTokenController {
        bytes32 key = _hashRemoteDomainAndToken(remoteDomain, remoteToken);
        require(remoteTokensToLocalTokens[key] == address(0), "Unable to link token pair");
        remoteTokensToLocalTokens[key] = localToken;
        emit TokenPairLinked(localToken, remoteDomain, remoteToken);
    }

    function setMaxBurnAmountPerMessage(address localToken, uint256 burnLimitPerMessage) external onlyTokenController {
        burnLimitsPerMessage[localToken] = burnLimitPerMessage;
        emit SetBurnLimitPerMessage(localToken, burnLimitPerMessage);
    }

    function getLocalToken(uint32 remoteDomain, bytes32 remoteToken) external view returns (address) {
        return remoteTokensToLocalTokens[_hashRemoteDomainAndToken(remoteDomain, remoteToken)];
    }

    function _setTokenController(address newTokenController) internal {
        require(newTokenController != address(0), "Invalid token controller address");
        tokenController = newTokenController;
        emit SetTokenController(newTokenController);
    }

    function _hashRemoteDomainAndToken(uint32 remoteDomain, bytes32 remoteToken) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(remoteDomain, remoteToken));
    }
}
