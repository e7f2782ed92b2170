// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice Test-only vault, the target of a route's destination call: {depositAllowance} pulls all the caller allowed
/// it (the executor approves exactly the route's output) and credits a beneficiary with what arrived.
contract TestOnlyVault {
    using SafeERC20 for IERC20;

    /// @notice Credited amount per token and beneficiary.
    mapping(address => mapping(address => uint256)) public credit;

    event Deposited(address indexed token, address indexed beneficiary, uint256 amount);

    function depositAllowance(address token, address beneficiary) external returns (uint256 amount) {
        amount = IERC20(token).allowance(msg.sender, address(this));
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        amount = IERC20(token).balanceOf(address(this)) - before;
        credit[token][beneficiary] += amount;
        emit Deposited(token, beneficiary, amount);
    }

    /// @notice Takes only `amount` of its allowance (the executor sends the rest to the fallback).
    function depositPart(address token, address beneficiary, uint256 amount) external {
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        credit[token][beneficiary] += amount;
        emit Deposited(token, beneficiary, amount);
    }

    /// @notice Always reverts (a vault that refuses the deposit).
    function depositRefused(address, address) external pure {
        revert("vault closed");
    }

    /// @notice Burns every unit of gas it is given.
    function depositBurningGas(address, address) external pure {
        while (true) {}
    }

    /// @notice Reverts with `size` bytes of revert data.
    function depositHugeRevert(uint256 size) external pure {
        assembly {
            revert(0, size)
        }
    }

    /// @notice Native deposits: credits msg.value.
    function depositNative(address beneficiary) external payable {
        credit[address(0)][beneficiary] += msg.value;
        emit Deposited(address(0), beneficiary, msg.value);
    }
}

/// @notice A destination-call target that re-enters whatever it is told to (the router, the executor) and bubbles up.
contract TestOnlyReentrantReceiver {
    function reenter(address target, bytes calldata call) external {
        (bool ok, bytes memory reason) = target.call(call);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}
