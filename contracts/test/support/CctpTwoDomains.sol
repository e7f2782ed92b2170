// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Vm} from "forge-std/Vm.sol";
import {RealEvm} from "./RealEvm.sol";
import {TestOnlyCctpMessageTransmitter} from "./TestOnlyCctpMessageTransmitter.sol";
import {TestOnlyCctpTokenMessenger} from "./TestOnlyCctpTokenMessenger.sol";
import {TestOnlyCctpTokenMinter} from "./TestOnlyCctpTokenMinter.sol";
import {IJunctionRouter} from "../../src/IJunctionRouter.sol";
import {JunctionRouter} from "../../src/JunctionRouter.sol";
import {JunctionCctpReceiver} from "../../src/JunctionCctpReceiver.sol";
import {CctpAdapter} from "../../src/adapters/CctpAdapter.sol";
import {ISignatureTransfer, IWETH9} from "../../src/interfaces/IJunctionAdapter.sol";

/// @notice Two CCTP domains in one EVM. The destination is RealEvm's chain (CCTP domain 0: its market, router, V2/V3
/// adapters and Circle contracts) with a JunctionCctpReceiver registered as the router's bridge messenger; the source
/// is domain 6 with Circle contracts of its own, a router of its own and its CctpAdapter, registered with the receiver.
/// Both domains' USDC is RealEvm's USDC (Circle burns it on the source, mints it on the destination). One attester
/// (cctpAttesterKey) signs for Circle on both.
abstract contract CctpTwoDomains is RealEvm {
    uint32 internal constant SOURCE_DOMAIN = 6;

    TestOnlyCctpMessageTransmitter internal sourceTransmitter;
    TestOnlyCctpTokenMessenger internal sourceMessenger;
    TestOnlyCctpTokenMinter internal sourceMinter;
    JunctionRouter internal sourceRouter;
    CctpAdapter internal sourceAdapter;
    JunctionCctpReceiver internal receiver;

    address internal receiverOwner = makeAddr("receiverOwner");
    address internal user = makeAddr("user");
    address internal relayer = makeAddr("relayer");

    /// @notice What the relayer needs to redeem one burn: both Circle messages, their attestations and the leg.
    struct Leg {
        bytes burnMessage;
        bytes burnAttestation;
        bytes legMessage;
        bytes legAttestation;
        bytes message;
    }

    function _deployTwoDomains() internal {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        (sourceTransmitter, sourceMessenger, sourceMinter) = _deployCctp(SOURCE_DOMAIN, usdc);
        sourceRouter = new JunctionRouter(routerOwner, ISignatureTransfer(permit2), IWETH9(weth));
        sourceAdapter = new CctpAdapter(address(sourceRouter), address(sourceMessenger));
        receiver = new JunctionCctpReceiver(receiverOwner, address(router), address(cctpMessenger));
        sourceMessenger.addRemoteTokenMessenger(CCTP_DOMAIN, _b32(address(cctpMessenger)));
        cctpMessenger.addRemoteTokenMessenger(SOURCE_DOMAIN, _b32(address(sourceMessenger)));
        cctpMinter.linkTokenPair(address(usdc), SOURCE_DOMAIN, _b32(address(usdc)));
        vm.startPrank(routerOwner);
        sourceRouter.setAdapter(address(sourceAdapter), true);
        router.setBridgeMessenger(address(receiver), true);
        vm.stopPrank();
        vm.prank(receiverOwner);
        receiver.setRemoteAdapter(SOURCE_DOMAIN, _b32(address(sourceAdapter)));
        vm.label(address(receiver), "JunctionCctpReceiver");
        vm.label(address(sourceAdapter), "sourceCctpAdapter");
    }

    function _b32(address a) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(a)));
    }

    /// @dev Circle's attestation: the attester's 65-byte signature (r, s, v) over keccak256(message).
    function _attest(bytes memory message) internal view returns (bytes memory) {
        return _sign(cctpAttesterKey, message);
    }

    function _sign(uint256 key, bytes memory message) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, keccak256(message));
        return abi.encodePacked(r, s, v);
    }

    /// @dev The leg message: abi.encode(redeemFee, abi.encode(RouteParams, Step[])).
    function _legOf(uint256 redeemFee, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encode(redeemFee, abi.encode(p, s));
    }

    /// @dev The source route: `amountIn` USDC from the user burned through the source adapter for `mintRecipient` (a
    /// receiver), with `message` as the leg.
    function _sourceRoute(uint256 amountIn, uint256 redeemFee, bytes memory message, address mintRecipient)
        internal
        view
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
    {
        p = _params(address(usdc), amountIn, address(usdc), amountIn - redeemFee, user);
        s = _one(
            IJunctionRouter.Step(
                1,
                address(sourceAdapter),
                address(usdc),
                address(usdc),
                amountIn - redeemFee,
                abi.encode(CctpAdapter.CctpBurn(CCTP_DOMAIN, _b32(mintRecipient), block.chainid, message))
            )
        );
    }

    /// @dev Runs the source route from the user and returns what the relayer sees: the transaction's two MessageSent
    /// messages (the burn, then the leg) attested, and the leg.
    function _burn(uint256 amountIn, uint256 redeemFee, IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s)
        internal
        returns (Leg memory)
    {
        return _burnTo(address(receiver), amountIn, redeemFee, p, s);
    }

    function _burnTo(
        address mintRecipient,
        uint256 amountIn,
        uint256 redeemFee,
        IJunctionRouter.RouteParams memory p,
        IJunctionRouter.Step[] memory s
    ) internal returns (Leg memory leg) {
        leg.message = _legOf(redeemFee, p, s);
        (IJunctionRouter.RouteParams memory sp, IJunctionRouter.Step[] memory ss) =
            _sourceRoute(amountIn, redeemFee, leg.message, mintRecipient);
        _fund(address(usdc), user, amountIn);
        vm.prank(user);
        usdc.approve(address(sourceRouter), amountIn);
        vm.recordLogs();
        vm.prank(user);
        sourceRouter.executeRoute(sp, ss);
        bytes[] memory sent = _messagesSent(vm.getRecordedLogs());
        assertEq(sent.length, 2, "a burn and a leg");
        leg.burnMessage = sent[0];
        leg.legMessage = sent[1];
        leg.burnAttestation = _attest(leg.burnMessage);
        leg.legAttestation = _attest(leg.legMessage);
    }

    /// @dev The messages the source transmitter sent, in order.
    function _messagesSent(Vm.Log[] memory logs) internal view returns (bytes[] memory) {
        return _messagesSent(logs, address(sourceTransmitter));
    }

    function _messagesSent(Vm.Log[] memory logs, address transmitter) internal pure returns (bytes[] memory sent) {
        uint256 n;
        for (uint256 i; i < logs.length; ++i) {
            if (_isMessageSent(logs[i], transmitter)) ++n;
        }
        sent = new bytes[](n);
        n = 0;
        for (uint256 i; i < logs.length; ++i) {
            if (_isMessageSent(logs[i], transmitter)) sent[n++] = abi.decode(logs[i].data, (bytes));
        }
    }

    function _isMessageSent(Vm.Log memory log, address transmitter) internal pure returns (bool) {
        return log.emitter == transmitter && log.topics[0] == TestOnlyCctpMessageTransmitter.MessageSent.selector;
    }

    function _redeem(Leg memory l) internal returns (uint256) {
        vm.prank(relayer);
        return receiver.redeem(l.burnMessage, l.burnAttestation, l.legMessage, l.legAttestation, l.message);
    }
}
