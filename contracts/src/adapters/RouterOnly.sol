// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title An adapter only its router may call
/// @notice Every Junction adapter takes its router as the FIRST constructor argument and lets only that router call
/// its entry points (`swap`, `bridge`): a token left in an adapter, an approval it gives, or a deposit it makes can
/// never be triggered by anyone else. Pool callbacks stay open only to the pool the adapter derived (each adapter
/// checks its own). The router address is part of the adapter's init code, so its CREATE2 address depends on it
/// (deploy.JunctionContracts prepends it for every adapter).
abstract contract RouterOnly {
    /// @notice The only caller of the adapter's entry points.
    address public immutable router;

    /// @notice The caller is not this adapter's router.
    error OnlyRouter(address caller);

    constructor(address router_) {
        router = router_;
    }

    modifier onlyRouter() {
        if (msg.sender != router) revert OnlyRouter(msg.sender);
        _;
    }
}
