// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {TestToken} from "./TestToken.sol";

/// @title TEST ONLY: Circle CCTP V1 TokenMessenger.depositForBurn reproduced
/// @notice No npm package ships Circle's bytecode; this reproduces depositForBurn's interface, checks (amount > 0,
/// mintRecipient != 0, a registered destination domain), the burn (transferFrom then burn) and the DepositForBurn
/// event. See docs/DECISIONS.md. Never deploy it.
contract TestOnlyCctpTokenMessenger {
    uint64 public nextNonce;
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

    function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger) external {
        remoteTokenMessengers[domain] = tokenMessenger;
    }

    function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken)
        external
        returns (uint64 nonce)
    {
        require(amount > 0, "Amount must be nonzero");
        require(mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        bytes32 remote = remoteTokenMessengers[destinationDomain];
        require(remote != bytes32(0), "No TokenMessenger for domain");
        TestToken(burnToken).transferFrom(msg.sender, address(this), amount);
        TestToken(burnToken).burn(address(this), amount);
        nonce = nextNonce++;
        emit DepositForBurn(nonce, burnToken, amount, msg.sender, mintRecipient, destinationDomain, remote, bytes32(0));
    }
}
