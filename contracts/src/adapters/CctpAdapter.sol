// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IJunctionBridgeAdapter} from "../interfaces/IJunctionAdapter.sol";
import {IJunctionRouter} from "../IJunctionRouter.sol";
import {RouterOnly} from "./RouterOnly.sol";

/// @notice Circle CCTP V1 TokenMessenger, the parts the adapter calls.
interface ITokenMessenger {
    function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken)
        external
        returns (uint64 nonce);

    function depositForBurnWithCaller(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller
    ) external returns (uint64 nonce);

    function localMessageTransmitter() external view returns (address);
}

/// @notice Circle CCTP V1 MessageTransmitter, the part the adapter calls.
interface IMessageTransmitter {
    function sendMessageWithCaller(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        bytes calldata messageBody
    ) external returns (uint64);
}

/// @title Circle CCTP (V1 TokenMessenger) adapter: depositForBurn, with or without a destination leg
/// @notice Burns exactly the step's input through the chain's TokenMessenger (fixed at deployment); the same amount is
/// minted to mintRecipient on the destination domain. Step data: abi.encode(CctpBurn).
/// Without a message: depositForBurn, anyone may receive the mint on the destination domain; amountOut = amountIn.
/// With a message (the route goes on after the bridge: a destination leg or call), message = abi.encode(uint256
/// redeemFee, bytes routeMessage), routeMessage = abi.encode(RouteParams, Step[]) as Across's destination message:
/// mintRecipient is the destination chain's JunctionCctpReceiver, which alone may receive the burn
/// (depositForBurnWithCaller) and a second Circle message sent in the same transaction, whose body abi.encode(uint64
/// burnNonce, keccak256(message)) binds the leg to this burn. The receiver pays redeemFee to whoever redeems both
/// messages and hands the rest to its router; amountOut = amountIn - redeemFee. See docs/DECISIONS.md, "CCTP
/// destination leg: the receiver (issue 39)".
contract CctpAdapter is IJunctionBridgeAdapter, RouterOnly {
    using SafeERC20 for IERC20;

    struct CctpBurn {
        uint32 destinationDomain;
        // Receiver of the mint; with a message, the destination chain's JunctionCctpReceiver (also the only caller).
        bytes32 mintRecipient;
        uint256 destinationChainId;
        // Empty, or abi.encode(uint256 redeemFee, bytes routeMessage) for a destination leg or call.
        bytes message;
    }

    address public immutable tokenMessenger;

    /// @notice A burn carrying a destination leg: the leg's message went out with nonce `legNonce`.
    event CctpLegSent(
        uint64 indexed burnNonce, uint32 indexed destinationDomain, bytes32 indexed mintRecipient, uint64 legNonce, bytes message
    );

    /// @notice The redeem fee is not below the burned amount (nothing would be left for the leg).
    error RedeemFeeTooHigh(uint256 redeemFee, uint256 amountIn);
    /// @notice The leg names no one the destination router could pay (its receiver, or its fallback with a call).
    error LegWithoutRecipient();

    constructor(address router_, address tokenMessenger_) RouterOnly(router_) {
        tokenMessenger = tokenMessenger_;
    }

    function bridge(address tokenIn, uint256 amountIn, bytes calldata data)
        external
        onlyRouter
        returns (uint256 destinationChainId, address recipient, uint256 amountOut)
    {
        CctpBurn memory b = abi.decode(data, (CctpBurn));
        amountOut = amountIn;
        IERC20(tokenIn).forceApprove(tokenMessenger, amountIn);
        if (b.message.length == 0) {
            ITokenMessenger(tokenMessenger).depositForBurn(amountIn, b.destinationDomain, b.mintRecipient, tokenIn);
        } else {
            amountOut = amountIn - _sendLeg(b, tokenIn, amountIn);
        }
        IERC20(tokenIn).forceApprove(tokenMessenger, 0);
        return (b.destinationChainId, address(uint160(uint256(b.mintRecipient))), amountOut);
    }

    /// @dev Burns for the receiver (its only caller) and sends it the leg's hash bound to the burn's nonce; returns the
    /// redeem fee. The leg must decode as the router's destination message and name a payee, so that a leg the
    /// destination router could never run is refused here instead of minting to a receiver that cannot redeem it.
    function _sendLeg(CctpBurn memory b, address tokenIn, uint256 amountIn) internal returns (uint256 redeemFee) {
        bytes memory routeMessage;
        (redeemFee, routeMessage) = abi.decode(b.message, (uint256, bytes));
        if (redeemFee >= amountIn) revert RedeemFeeTooHigh(redeemFee, amountIn);
        (IJunctionRouter.RouteParams memory params,) =
            abi.decode(routeMessage, (IJunctionRouter.RouteParams, IJunctionRouter.Step[]));
        address payee = params.destinationCallData.length == 0 ? params.receiver : params.fallbackAddress;
        if (params.receiver == address(0) || payee == address(0)) revert LegWithoutRecipient();
        uint64 burnNonce = ITokenMessenger(tokenMessenger).depositForBurnWithCaller(
            amountIn, b.destinationDomain, b.mintRecipient, tokenIn, b.mintRecipient
        );
        uint64 legNonce = IMessageTransmitter(ITokenMessenger(tokenMessenger).localMessageTransmitter())
            .sendMessageWithCaller(
            b.destinationDomain, b.mintRecipient, b.mintRecipient, abi.encode(burnNonce, keccak256(b.message))
        );
        emit CctpLegSent(burnNonce, b.destinationDomain, b.mintRecipient, legNonce, b.message);
    }
}
