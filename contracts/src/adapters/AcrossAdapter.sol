// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IJunctionBridgeAdapter} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

/// @title Across V3 adapter: SpokePool.deposit (bytes32 addresses)
/// @notice Deposits exactly the step's input into the chain's SpokePool (fixed at deployment). The output amount is
/// the quoted one scaled to the input actually bridged (when an earlier swap gave more or less than planned).
/// Step data: abi.encode(AcrossDeposit).
contract AcrossAdapter is IJunctionBridgeAdapter, RouterOnly {
    using SafeERC20 for IERC20;

    /// @notice deposit(bytes32,bytes32,bytes32,bytes32,uint256,uint256,uint256,bytes32,uint32,uint32,uint32,bytes)
    bytes4 internal constant DEPOSIT = 0xad5425c6;

    struct AcrossDeposit {
        // Refund address on the origin chain if the deposit expires unfilled.
        bytes32 depositor;
        // Receiver of the output (the destination router when the route goes on after the bridge).
        bytes32 recipient;
        bytes32 outputToken;
        // Quoted output for plannedInput.
        uint256 outputAmount;
        uint256 plannedInput;
        uint256 destinationChainId;
        bytes32 exclusiveRelayer;
        uint32 quoteTimestamp;
        uint32 fillDeadline;
        uint32 exclusivityParameter;
        bytes message;
    }

    address public immutable spokePool;

    error DepositFailed(bytes reason);

    constructor(address router_, address spokePool_) RouterOnly(router_) {
        spokePool = spokePool_;
    }

    function bridge(address tokenIn, uint256 amountIn, bytes calldata data)
        external
        onlyRouter
        returns (uint256 destinationChainId, address recipient, uint256 amountOut)
    {
        AcrossDeposit memory d = abi.decode(data, (AcrossDeposit));
        amountOut = d.plannedInput == 0 || d.plannedInput == amountIn
            ? d.outputAmount
            : d.outputAmount * amountIn / d.plannedInput;
        IERC20(tokenIn).forceApprove(spokePool, amountIn);
        (bool ok, bytes memory reason) = spokePool.call(_depositCall(d, tokenIn, amountIn, amountOut));
        if (!ok) revert DepositFailed(reason);
        IERC20(tokenIn).forceApprove(spokePool, 0);
        return (d.destinationChainId, address(uint160(uint256(d.recipient))), amountOut);
    }

    /// @dev The deposit calldata, its 12 arguments laid out by hand (11 static words, then the message).
    function _depositCall(AcrossDeposit memory d, address tokenIn, uint256 amountIn, uint256 amountOut)
        internal
        pure
        returns (bytes memory)
    {
        bytes memory head1 =
            abi.encode(d.depositor, d.recipient, bytes32(uint256(uint160(tokenIn))), d.outputToken, amountIn, amountOut);
        bytes memory head2 = abi.encode(
            d.destinationChainId, d.exclusiveRelayer, d.quoteTimestamp, d.fillDeadline, d.exclusivityParameter, 0x180
        );
        bytes memory message = d.message;
        uint256 padded = (message.length + 31) / 32 * 32;
        bytes memory tail = new bytes(32 + padded);
        assembly ("memory-safe") {
            mstore(add(tail, 32), mload(message))
            mcopy(add(tail, 64), add(message, 32), mload(message))
        }
        return bytes.concat(DEPOSIT, head1, head2, tail);
    }
}
