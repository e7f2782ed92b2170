package dev.junction.calldata.protocol;

import dev.junction.calldata.BridgeCall;
import dev.junction.chain.ChainId;
import java.util.Locale;

/**
 * What a bridge step's {@code data} holds, per bridge provider ({@link #of(BridgeCall)}). Across and CCTP V1 are
 * executed by Junction's adapters ({@link #executable()}) and carry the adapter's data ({@link #adapterData()}); the
 * others keep the bridge's own deposit call ({@link #signature()}): quotable and simulated, not executable.
 */
public enum BridgeShape {
    /** Across SpokePool depositV3 (EVM recipient and output token). */
    ACROSS_V3("depositV3(address,address,address,address,uint256,uint256,uint256,address,uint32,uint32,uint32,bytes)", true,
            Types.ACROSS_DEPOSIT),
    /** Across SpokePool deposit with bytes32 addresses (Across V4; used for a non-EVM destination such as Solana). */
    ACROSS_BYTES32("deposit(bytes32,bytes32,bytes32,bytes32,uint256,uint256,uint256,bytes32,uint32,uint32,uint32,bytes)", true,
            Types.ACROSS_DEPOSIT),
    /** Circle CCTP V1 TokenMessenger depositForBurn. */
    CCTP_V1("depositForBurn(uint256,uint32,bytes32,address)", false, "(uint32,bytes32,uint256)"),
    /** Circle CCTP V2 TokenMessengerV2 depositForBurn (a domain CCTP V1 does not serve, e.g. Linea 11). */
    CCTP_V2("depositForBurn(uint256,uint32,bytes32,address,bytes32,uint256,uint32)", false, null),
    /** Stargate V2 (LayerZero V2 OFT) send(SendParam, MessagingFee, refundAddress). */
    STARGATE_V2("send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)", true, null),
    /** Hop L1_Bridge sendToL2 (from Ethereum). */
    HOP_L1("sendToL2(uint256,address,uint256,uint256,uint256,address,uint256)", false, null),
    /** Hop L2_AmmWrapper swapAndSend (from a rollup). */
    HOP_L2("swapAndSend(uint256,address,uint256,uint256,uint256,uint256,uint256,uint256)", false, null),
    /** Celer cBridge send (liquidity pool bridge). */
    CELER("send(address,address,uint256,uint64,uint64,uint32)", false, null),
    /** Wormhole Token Bridge transferTokens. */
    WORMHOLE("transferTokens(address,uint256,uint16,bytes32,uint256,uint32)", false, null),
    /** Junction's generic bridge call, for providers whose exact call Junction does not encode (see DECISIONS). */
    GENERIC("junctionGenericBridge(bytes32,uint256,bytes32,address,bytes32,uint256,uint256,uint256,bytes)", true, null);

    private final String signature;
    private final boolean carriesMessage;
    private final String adapterData;

    BridgeShape(String signature, boolean carriesMessage, String adapterData) {
        this.signature = signature;
        this.carriesMessage = carriesMessage;
        this.adapterData = adapterData;
    }

    /** Whether a Junction adapter executes this bridge (the step's data is then {@link #adapterData()}). */
    public boolean executable() {
        return adapterData != null;
    }

    /** The ABI type of the adapter's step data ({@code abi.encode} of one struct); null when not executable. */
    public String adapterData() {
        return adapterData;
    }

    public String signature() {
        return signature;
    }

    /** Whether the call carries a message for the destination (the destination leg of the route). */
    public boolean carriesMessage() {
        return carriesMessage;
    }

    /** The shape for a bridge step, by provider key (and, for Across, CCTP and Hop, by the chains). */
    public static BridgeShape of(BridgeCall bridge) {
        String p = bridge.provider().toLowerCase(Locale.ROOT);
        if (p.startsWith("across")) {
            boolean evm = !bridge.toChain().isSolana();
            return evm ? ACROSS_V3 : ACROSS_BYTES32;
        }
        if (p.startsWith("cctp") || p.startsWith("circle")) {
            boolean v1 = Ids.cctpDomain(bridge.chain()).stream().anyMatch(Ids.CCTP_V1_DOMAINS::contains)
                    && Ids.cctpDomain(bridge.toChain()).stream().anyMatch(Ids.CCTP_V1_DOMAINS::contains);
            return v1 ? CCTP_V1 : CCTP_V2;
        }
        if (p.startsWith("stargate")) {
            return STARGATE_V2;
        }
        if (p.startsWith("hop")) {
            return bridge.chain().equals(ChainId.of(1)) ? HOP_L1 : HOP_L2;
        }
        if (p.startsWith("celer") || p.startsWith("cbridge")) {
            return CELER;
        }
        if (p.startsWith("wormhole") || p.startsWith("portal")) {
            return WORMHOLE;
        }
        return GENERIC;
    }

    /** Adapter data types shared by several shapes. */
    static final class Types {
        /** AcrossAdapter.AcrossDeposit: depositor, recipient, outputToken, outputAmount, plannedInput,
         * destinationChainId, exclusiveRelayer, quoteTimestamp, fillDeadline, exclusivityParameter, message. */
        static final String ACROSS_DEPOSIT = "(bytes32,bytes32,bytes32,uint256,uint256,uint256,bytes32,uint32,uint32,uint32,bytes)";

        private Types() {
        }
    }
}
