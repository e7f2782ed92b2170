// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A mintable ERC-20 for tests (the tokens of the test markets; protocols are real bytecode). Anyone may mint
/// and burn; `mint(address,uint256) returns (bool)` and `burn(uint256)` (from the caller) are FiatToken's, as Circle's
/// TokenMinter calls them.
contract TestToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(string memory symbol, uint8 decimals_) ERC20(symbol, symbol) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external returns (bool) {
        _mint(to, amount);
        return true;
    }

    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }

    function burn(address from, uint256 amount) external {
        _burn(from, amount);
    }
}
