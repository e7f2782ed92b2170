// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {JunctionRouter} from "../../src/JunctionRouter.sol";
import {IJunctionRouter} from "../../src/IJunctionRouter.sol";
import {IJunctionStepPayer} from "../../src/interfaces/IJunctionAdapter.sol";

/// @notice An ERC-20 that re-enters the router from inside transferFrom/transfer.
contract ReentrantToken is ERC20 {
    JunctionRouter internal immutable router;
    bytes public reentry;

    constructor(JunctionRouter router_) ERC20("EVIL", "EVIL") {
        router = router_;
    }

    function mint(address to, uint256 amount) external returns (bool) {
        _mint(to, amount);
        return true;
    }

    function arm(bytes calldata call) external {
        reentry = call;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (reentry.length != 0 && from != address(0)) {
            (bool ok, bytes memory reason) = address(router).call(reentry);
            if (!ok) {
                assembly {
                    revert(add(reason, 32), mload(reason))
                }
            }
        }
    }
}

/// @notice Pretends to be a Uniswap V3 pool and asks the adapter to pay it.
contract FakePool {
    function steal(address adapter, address tokenIn, address tokenOut, uint24 fee, int256 amount) external {
        (bool ok, bytes memory reason) = adapter.call(
            abi.encodeWithSignature(
                "uniswapV3SwapCallback(int256,int256,bytes)", amount, int256(0), abi.encode(tokenIn, tokenOut, fee)
            )
        );
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}

/// @notice An adapter the owner could register that tries to take more than the route handed it.
contract GreedyAdapter {
    function payee(address, address, bytes calldata) external view returns (address) {
        return address(this);
    }

    /// @dev Tries to pull `victim`'s tokens through the router's approvals (it has none) and pays nothing.
    function swap(address tokenIn, address, uint256, address, bytes calldata data) external returns (uint256) {
        address victim = abi.decode(data, (address));
        ERC20(tokenIn).transferFrom(victim, address(this), 1);
        return 0;
    }
}

/// @notice An adapter the owner could register that takes its input during the swap (payee address(0)) and then
/// misuses the router's payStepInput: `mode` 0 asks once for exactly its input (honest), 1 for one more than that,
/// 2 for another token, 3 twice, 4 to the router itself, 5 never. It returns no output: only the payment is tested.
contract PullingAdapter {
    address public immutable otherToken;

    constructor(address otherToken_) {
        otherToken = otherToken_;
    }

    function payee(address, address, bytes calldata) external pure returns (address) {
        return address(0);
    }

    function swap(address tokenIn, address, uint256 amountIn, address, bytes calldata data) external returns (uint256) {
        uint8 mode = abi.decode(data, (uint8));
        IJunctionStepPayer payer = IJunctionStepPayer(msg.sender);
        if (mode == 0) payer.payStepInput(tokenIn, address(this), amountIn);
        if (mode == 1) payer.payStepInput(tokenIn, address(this), amountIn + 1);
        if (mode == 2) payer.payStepInput(otherToken, address(this), amountIn);
        if (mode == 3) {
            payer.payStepInput(tokenIn, address(this), amountIn);
            payer.payStepInput(tokenIn, address(this), amountIn);
        }
        if (mode == 4) payer.payStepInput(tokenIn, msg.sender, amountIn);
        return 0;
    }
}
