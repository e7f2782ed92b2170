package dev.junction.execution.cctp;

import org.springframework.context.SmartLifecycle;

/**
 * Who redeems CCTP legs, one per mode: in chain mode Junction's relayer ({@link ChainCctpRedeemer}); in the sandbox
 * nobody ({@link #NONE}: the embedded network runs a route's destination leg itself).
 */
interface CctpRedeemer extends SmartLifecycle {

    /** One pass: read new legs, ask Iris about pending ones, send and follow redeems. */
    void pollOnce();

    /** The sandbox's, and chain mode's without a relayer key or with {@code junction.cctp.redeem=false}. */
    CctpRedeemer NONE = new CctpRedeemer() {
        @Override
        public void pollOnce() {
        }

        @Override
        public void start() {
        }

        @Override
        public void stop() {
        }

        @Override
        public boolean isRunning() {
            return false;
        }
    };
}
