// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IJunctionBridgeAdapter} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

interface ITokenMessenger {
    function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken)
        external
        returns (uint64 nonce);
}

/// @title Circle CCTP (V1 TokenMessenger) adapter: depositForBurn
/// @notice Burns exactly the step's input through the chain's TokenMessenger (fixed at deployment); the same amount is
/// minted to mintRecipient on the destination domain. Step data: abi.encode(CctpBurn).
contract CctpAdapter is IJunctionBridgeAdapter, RouterOnly {
    using SafeERC20 for IERC20;

    struct CctpBurn {
        uint32 destinationDomain;
        bytes32 mintRecipient;
        uint256 destinationChainId;
    }

    address public immutable tokenMessenger;

    constructor(address router_, address tokenMessenger_) RouterOnly(router_) {
        tokenMessenger = tokenMessenger_;
    }

    function bridge(address tokenIn, uint256 amountIn, bytes calldata data)
        external
        onlyRouter
        returns (uint256 destinationChainId, address recipient, uint256 amountOut)
    {
        CctpBurn memory b = abi.decode(data, (CctpBurn));
        IERC20(tokenIn).forceApprove(tokenMessenger, amountIn);
        ITokenMessenger(tokenMessenger).depositForBurn(amountIn, b.destinationDomain, b.mintRecipient, tokenIn);
        IERC20(tokenIn).forceApprove(tokenMessenger, 0);
        return (b.destinationChainId, address(uint160(uint256(b.mintRecipient))), amountIn);
    }
}
