package dev.junction.calldata;

import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;

/** The providers' structs, as web3j's decoder needs them to read step data back. */
final class ProtocolStructs {

    private ProtocolStructs() {
    }

    /** Aerodrome/Velodrome Route{from, to, stable, factory}. */
    public static class SolidlyRoute extends StaticStruct {
        public final Address from;
        public final Address to;
        public final Bool stable;
        public final Address factory;

        public SolidlyRoute(Address from, Address to, Bool stable, Address factory) {
            super(from, to, stable, factory);
            this.from = from;
            this.to = to;
            this.stable = stable;
            this.factory = factory;
        }
    }

    /** SwapRouter02 ExactInputParams{path, recipient, amountIn, amountOutMinimum}. */
    public static class ExactInput4 extends DynamicStruct {
        public final DynamicBytes path;
        public final Address recipient;
        public final Uint256 amountIn;
        public final Uint256 amountOutMinimum;

        public ExactInput4(DynamicBytes path, Address recipient, Uint256 amountIn, Uint256 amountOutMinimum) {
            super(path, recipient, amountIn, amountOutMinimum);
            this.path = path;
            this.recipient = recipient;
            this.amountIn = amountIn;
            this.amountOutMinimum = amountOutMinimum;
        }
    }

    /** SwapRouter / Algebra / Slipstream ExactInputParams{path, recipient, deadline, amountIn, amountOutMinimum}. */
    public static class ExactInput5 extends DynamicStruct {
        public final DynamicBytes path;
        public final Address recipient;
        public final Uint256 deadline;
        public final Uint256 amountIn;
        public final Uint256 amountOutMinimum;

        public ExactInput5(DynamicBytes path, Address recipient, Uint256 deadline, Uint256 amountIn,
                Uint256 amountOutMinimum) {
            super(path, recipient, deadline, amountIn, amountOutMinimum);
            this.path = path;
            this.recipient = recipient;
            this.deadline = deadline;
            this.amountIn = amountIn;
            this.amountOutMinimum = amountOutMinimum;
        }
    }

    /** LayerZero OFT SendParam. */
    public static class SendParam extends DynamicStruct {
        public final Uint32 dstEid;
        public final Bytes32 to;
        public final Uint256 amountLD;
        public final Uint256 minAmountLD;
        public final DynamicBytes extraOptions;
        public final DynamicBytes composeMsg;
        public final DynamicBytes oftCmd;

        public SendParam(Uint32 dstEid, Bytes32 to, Uint256 amountLD, Uint256 minAmountLD, DynamicBytes extraOptions,
                DynamicBytes composeMsg, DynamicBytes oftCmd) {
            super(dstEid, to, amountLD, minAmountLD, extraOptions, composeMsg, oftCmd);
            this.dstEid = dstEid;
            this.to = to;
            this.amountLD = amountLD;
            this.minAmountLD = minAmountLD;
            this.extraOptions = extraOptions;
            this.composeMsg = composeMsg;
            this.oftCmd = oftCmd;
        }
    }

    /** LayerZero MessagingFee. */
    public static class MessagingFee extends StaticStruct {
        public final Uint256 nativeFee;
        public final Uint256 lzTokenFee;

        public MessagingFee(Uint256 nativeFee, Uint256 lzTokenFee) {
            super(nativeFee, lzTokenFee);
            this.nativeFee = nativeFee;
            this.lzTokenFee = lzTokenFee;
        }
    }
}
