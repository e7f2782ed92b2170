package dev.junction.gasless;

import static dev.junction.gasless.GaslessFixture.ARB;
import static dev.junction.gasless.GaslessFixture.ETH;
import static dev.junction.gasless.GaslessFixture.KEY;
import static dev.junction.gasless.GaslessFixture.OWNER;
import static dev.junction.gasless.GaslessFixture.command;
import static dev.junction.gasless.GaslessFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Hex;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.support.TestDatabase;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Hash;

/** Gasless quote and submission rules on one database (H2); PostgreSQL runs in {@link GaslessConcurrencyTest}. */
class GaslessServiceTest {

    GaslessFixture f;

    @BeforeEach
    void setUp() {
        f = new GaslessFixture(TestDatabase.h2());
    }

    @AfterEach
    void tearDown() {
        f.db.close();
    }

    GaslessQuote quote(GaslessQuoteCommand cmd) {
        List<GaslessQuote> quotes = f.service.quote(cmd);
        assertThat(quotes).hasSize(1);
        return quotes.get(0);
    }

    static void refused(GaslessFailure failure, ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(GaslessException.class)
                .extracting(e -> ((GaslessException) e).failure()).isEqualTo(failure);
    }

    @Test
    void modeTwoQuoteCarriesTheTypedDataToSign() {
        GaslessQuote q = quote(command(ETH, 2));
        Permit2TypedData td = q.typedData();
        assertThat(td.domain()).isEqualTo(Eip712Domain.permit2(ETH));
        assertThat(td.primaryType()).isEqualTo("PermitTransferFrom");
        assertThat(td.types().keySet()).containsExactly("PermitTransferFrom", "TokenPermissions");
        PermitTransferFrom m = (PermitTransferFrom) td.message();
        assertThat(m.permitted()).isEqualTo(new TokenPermissions(GaslessFixture.USDC, Amount.of(1_000_000_000)));
        assertThat(m.spender()).isEqualTo(GaslessFixture.ETH_EXECUTOR);
        assertThat(m.nonce()).isEqualTo(q.nonce().toBigInteger());
        assertThat(m.deadline()).isEqualTo(BigInteger.valueOf(q.deadline()));
        assertThat(q.deadline()).isEqualTo(f.base.instant().getEpochSecond() + 30 * 60);
        assertThat(q.quoteId()).matches("0x[0-9a-f]{64}");
    }

    @Test
    void modeThreeWitnessBindsTheRouteTerms() {
        GaslessQuote q = quote(command(ARB, 3));
        Permit2TypedData td = q.typedData();
        assertThat(td.primaryType()).isEqualTo("PermitWitnessTransferFrom");
        assertThat(td.types().keySet()).containsExactly("PermitWitnessTransferFrom", "SwapWitness", "TokenPermissions");
        SwapWitness w = (SwapWitness) ((PermitWitnessTransferFrom<?>) td.message()).witness();
        assertThat(w).isEqualTo(new SwapWitness(q.quoteId(), GaslessFixture.ARB_WETH, q.terms().amountOutMin(), OWNER,
                ARB));
    }

    @Test
    void feeIsExecutorGasInTheInputTokenPlusIntegratorFeeAndTheRouteIsPlannedOnTheRest() {
        GaslessQuote plain = quote(command(ETH, 2));
        GaslessQuote.Fee fee = plain.fee();
        assertThat(fee.integratorFee()).isEqualTo(Amount.ZERO);
        assertThat(fee.gasAmount().value()).isPositive();
        assertThat(fee.feeRecipient()).isEqualTo(GaslessFixture.ETH_EXECUTOR);
        assertThat(plain.terms().amountInAfterFee()).isEqualTo(plain.terms().amountIn().minus(fee.feeAmount()));
        // (135000 + 60000) gas * 21 gwei = 0.004095 ETH at $3000 = $12.285 = 12.285 USDC
        assertThat(fee.gasAmount()).isEqualTo(Amount.of(12_285_000));
        assertThat(fee.feeUsd()).isCloseTo(12.285, Offset.offset(1e-9));

        GaslessQuoteCommand c = command(ETH, 2);
        GaslessQuote withFee = quote(new GaslessQuoteCommand(c.fromChain(), c.fromToken(), c.toChain(), c.toToken(),
                c.amount(), c.sender(), null, 2, 50, false, null, null, null, null, null, null));
        assertThat(withFee.fee().integratorFee()).isEqualTo(Amount.of(5_000_000));
        assertThat(withFee.fee().feeAmount()).isEqualTo(Amount.of(5_000_000 + 12_285_000));
        assertThat(withFee.terms().amountOut()).isLessThan(plain.terms().amountOut());
    }

    @Test
    void crossChainFeeAddsDestinationGas() {
        GaslessQuote q = quote(command(ARB, 2));
        assertThat(q.terms().routeKind()).isEqualTo("crossChainSwap");
        assertThat(q.terms().bridgeProviders()).containsExactly("across");
        // source: (90000 bridge + 60000 Permit2) * 21 gwei; destination: 135000 * 0.1 gwei + 0.00003 ETH L1 data
        BigInteger sourceWei = BigInteger.valueOf(150_000L * 21_000_000_000L);
        BigInteger destWei = BigInteger.valueOf(135_000L * 100_000_000L + 30_000_000_000_000L);
        BigInteger usdMicros = sourceWei.add(destWei).multiply(BigInteger.valueOf(3000))
                .divide(BigInteger.TEN.pow(12));
        assertThat(q.fee().gasAmount().value()).isEqualTo(usdMicros);
        assertThat(q.terms().latencyBreakdownMs().bridgeP90Ms()).isEqualTo(240_000);
        assertThat(q.terms().latencyBreakdownMs().totalP90Ms()).isEqualTo(
                q.terms().latencyBreakdownMs().bridgeP90Ms() + q.terms().latencyBreakdownMs().dexP90Ms());
    }

    @Test
    void calldataTemplateIsTheRouterCallWithItsHashAndTheMeta() {
        GaslessQuote q = quote(command(ETH, 2));
        GaslessQuote.CalldataTemplate t = q.calldata();
        assertThat(t.to()).isEqualTo(GaslessFixture.ETH_ROUTER);
        assertThat(t.value()).isEqualTo("0");
        assertThat(t.meta()).isEqualTo("order-42");
        assertThat(t.callDataHash()).isEqualTo(Hex.encode(Hash.sha3(Hex.decode(t.innerData()))));
        assertThat(t.executionPlan()).extracting(GaslessQuote.PlanLine::action)
                .containsExactly("permit2Transfer", "fee", "swap");
        assertThat(q.terms().aggregator()).isEqualTo("uniswap-v2");
        assertThat(q.terms().aggregatorId()).matches("0x[0-9a-f]{64}");
    }

    @Test
    void withoutMetaTheTemplateMetaIsEmptyNeverNull() {
        GaslessQuoteCommand c = command(ETH, 2);
        GaslessQuote q = quote(new GaslessQuoteCommand(c.fromChain(), c.fromToken(), c.toChain(), c.toToken(),
                c.amount(), c.sender(), null, 2, 0, false, null, null, null, null, null, null));
        assertThat(q.calldata().meta()).isNotNull().isEmpty();
    }

    @Test
    void atAnyClockSpeedTheDeadlineIsTheWallClockPlusTheWindow() {
        GaslessFixture fast = new GaslessFixture(TestDatabase.h2(), 600);
        try {
            fast.base.set(fast.base.instant().plusSeconds(110));
            GaslessQuote q = fast.service.quote(command(ETH, 2)).get(0);
            assertThat(q.deadline()).isEqualTo(fast.base.instant().getEpochSecond() + 30 * 60);
        } finally {
            fast.db.close();
        }
    }

    /**
     * Every quote is in preparation (for the store's commit delay) only until it is issued or refused: a quote left
     * marked would make every later commit wait its full delay.
     */
    @Test
    void aQuoteIsInPreparationOnlyUntilItIsIssuedOrRefused() {
        quote(command(ETH, 2));
        assertThat(f.quotes.stillPreparing()).isZero();
        assertThat(f.quotes.commits()[0]).isEqualTo(1);
        GaslessQuoteCommand c = command(ETH, 2);
        refused(GaslessFailure.UNSUPPORTED_ACQUISITION_MODE, () -> f.service.quote(new GaslessQuoteCommand(
                c.fromChain(), c.fromToken(), c.toChain(), c.toToken(), c.amount(), c.sender(), null, 0, null, false,
                null, null, null, null, null, null)));
        assertThat(f.quotes.stillPreparing()).isZero();
    }

    @Test
    void requestRulesAreRefusedWithTheirCodes() {
        GaslessQuoteCommand c = command(ETH, 2);
        for (int mode : new int[] {0, 1, 4}) {
            refused(GaslessFailure.UNSUPPORTED_ACQUISITION_MODE, () -> f.service.quote(new GaslessQuoteCommand(
                    c.fromChain(), c.fromToken(), c.toChain(), c.toToken(), c.amount(), c.sender(), null, mode, null,
                    false, null, null, null, null, null, null)));
        }
        refused(GaslessFailure.NATIVE_INPUT, () -> f.service.quote(new GaslessQuoteCommand(ETH, Address.NATIVE, ETH,
                GaslessFixture.USDC, Amount.of(BigInteger.TEN.pow(18)), OWNER, null, 2, null, false, null, null, null,
                null, null, null)));
        refused(GaslessFailure.INVALID_PARAMETER, () -> f.service.quote(new GaslessQuoteCommand(c.fromChain(),
                c.fromToken(), c.toChain(), c.toToken(), c.amount(), c.sender(), null, 2, null, false, "max_value", null,
                null, null, null, null)));
        refused(GaslessFailure.FEE_EXCEEDS_INPUT, () -> f.service.quote(new GaslessQuoteCommand(c.fromChain(),
                c.fromToken(), c.toChain(), c.toToken(), Amount.of(5_000_000), c.sender(), null, 2, null, false, null,
                null, null, null, null, null)));
        assertThat(f.service.quote(new GaslessQuoteCommand(c.fromChain(), c.fromToken(), c.toChain(), c.toToken(),
                c.amount(), c.sender(), null, 2, null, false, "speed_max", null, null, null, null, null))).hasSize(1);
    }

    @Test
    void aSignedPermitIsAcceptedAndHandedToTheExecutor() {
        GaslessQuote q = quote(command(ARB, 3));
        GaslessSwap swap = f.service.submit(q.quoteId(), sign(q.typedData().digest(), KEY));
        assertThat(swap.status()).isEqualTo("PENDING");
        assertThat(swap.amountIn()).isEqualTo(q.terms().amountIn());
        assertThat(swap.feeAmount()).isEqualTo(q.fee().feeAmount());
        assertThat(swap.routeKind()).isEqualTo(new GaslessSwap.RouteKindInfo("crossChainSwap", 1,
                List.of("across", "sushiswap")));
        ExecutionPlan plan = f.swaps.plans.get(0);
        assertThat(plan.reference()).isEqualTo(q.quoteId());
        assertThat(plan.sender()).isEqualTo(OWNER);
        assertThat(plan.amountIn()).isEqualTo(q.terms().amountInAfterFee());
        assertThat(plan.minAmountOut()).isEqualTo(q.terms().amountOutMin());
        assertThat(plan.steps()).hasSize(2).first().isInstanceOf(PlanStep.Bridge.class);
        assertThat(plan.deadline()).isEqualTo(Instant.ofEpochSecond(q.deadline() + 1));
        assertThat(f.nonces.isUsed(OWNER, q.nonce())).isTrue();
    }

    @Test
    void theSameSignatureAgainReturnsTheSameSwapInAnyAcceptedForm() {
        GaslessQuote q = quote(command(ETH, 2));
        String signature = sign(q.typedData().digest(), KEY);
        GaslessSwap first = f.service.submit(q.quoteId(), signature);
        PermitSignature parsed = PermitSignature.parse(signature);
        String vZeroOne = signature.substring(0, 130) + (parsed.v() == 27 ? "00" : "01");
        String compact = "0x" + String.format("%064x", parsed.r())
                + String.format("%064x", parsed.v() == 28 ? parsed.s().setBit(255) : parsed.s());
        assertThat(f.service.submit(q.quoteId(), signature)).isEqualTo(first);
        assertThat(f.service.submit(q.quoteId(), vZeroOne)).isEqualTo(first);
        assertThat(f.service.submit(q.quoteId(), compact)).isEqualTo(first);
        assertThat(f.swaps.plans).hasSize(1);
    }

    @Test
    void anotherValidSignatureForASubmittedQuoteIs4007() {
        GaslessQuote q = quote(command(ETH, 2));
        f.service.submit(q.quoteId(), sign(q.typedData().digest(), KEY));
        String other = RandomK.sign(q.typedData().digest(), KEY);
        assertThat(other).isNotEqualTo(sign(q.typedData().digest(), KEY));
        refused(GaslessFailure.ALREADY_SUBMITTED, () -> f.service.submit(q.quoteId(), other));
        assertThat(f.swaps.plans).hasSize(1);
    }

    @Test
    void unknownQuoteIs4001() {
        refused(GaslessFailure.QUOTE_NOT_FOUND, () -> f.service.submit("0x" + "12".repeat(32),
                PermitSignatureTest.EXAMPLE_SIGNATURE));
        refused(GaslessFailure.QUOTE_NOT_FOUND, () -> f.service.submit("nope", PermitSignatureTest.EXAMPLE_SIGNATURE));
    }

    @Test
    void thePermitIsValidAtItsDeadlineAndExpiredOneSecondLater() {
        GaslessQuote a = quote(command(ETH, 2));
        GaslessQuote b = quote(command(ETH, 2));
        f.base.set(Instant.ofEpochSecond(a.deadline()));
        assertThat(f.service.submit(a.quoteId(), sign(a.typedData().digest(), KEY)).status()).isEqualTo("PENDING");
        f.base.set(Instant.ofEpochSecond(b.deadline() + 1));
        refused(GaslessFailure.PERMIT_EXPIRED, () -> f.service.submit(b.quoteId(), sign(b.typedData().digest(), KEY)));
        // expiry is checked before the signature
        refused(GaslessFailure.PERMIT_EXPIRED, () -> f.service.submit(b.quoteId(), "0x1234"));
    }

    @Test
    void malformedAndHighSSignaturesAre4003() {
        GaslessQuote q = quote(command(ETH, 2));
        String good = sign(q.typedData().digest(), KEY);
        PermitSignature p = PermitSignature.parse(good);
        String twin = good.substring(0, 66) + String.format("%064x", PermitSignature.CURVE_ORDER.subtract(p.s()))
                + (p.v() == 27 ? "1c" : "1b");
        refused(GaslessFailure.SIGNATURE_INVALID, () -> f.service.submit(q.quoteId(), twin));
        refused(GaslessFailure.SIGNATURE_INVALID, () -> f.service.submit(q.quoteId(), good.substring(0, 128)));
        refused(GaslessFailure.SIGNATURE_INVALID, () -> f.service.submit(q.quoteId(), good + "00"));
        refused(GaslessFailure.SIGNATURE_INVALID, () -> f.service.submit(q.quoteId(), good.substring(0, 130) + "05"));
        assertThat(f.swaps.plans).isEmpty();
        assertThat(f.service.submit(q.quoteId(), good).status()).isEqualTo("PENDING");
    }

    @Test
    void anotherSignerOrAnAlteredPermitIs4004AndDoesNotConsumeTheQuote() {
        GaslessQuote q = quote(command(ETH, 2));
        String otherKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
        refused(GaslessFailure.WRONG_SIGNER, () -> f.service.submit(q.quoteId(), sign(q.typedData().digest(), otherKey)));
        PermitTransferFrom m = (PermitTransferFrom) q.typedData().message();
        Permit2TypedData altered = new Permit2TypedData(q.typedData().domain(), new PermitTransferFrom(
                new TokenPermissions(m.permitted().token(), m.permitted().amount().plus(Amount.of(1))), m.spender(),
                m.nonce(), m.deadline()));
        refused(GaslessFailure.WRONG_SIGNER, () -> f.service.submit(q.quoteId(), sign(altered.digest(), KEY)));
        assertThat(f.nonces.isUsed(OWNER, q.nonce())).isFalse();
        assertThat(f.service.submit(q.quoteId(), sign(q.typedData().digest(), KEY)).status()).isEqualTo("PENDING");
    }

    @Test
    void aNonceUsedElsewhereIs4006() {
        GaslessQuote q = quote(command(ETH, 2));
        f.nonces.markUsed(OWNER, q.nonce(), Instant.now());
        refused(GaslessFailure.NONCE_USED, () -> f.service.submit(q.quoteId(), sign(q.typedData().digest(), KEY)));
        assertThat(f.swaps.plans).isEmpty();
    }

    @Test
    void quoteIdsStartWithTheIssuingMillisecondAndAscend() throws Exception {
        long before = System.currentTimeMillis();
        GaslessQuote a = quote(command(ETH, 2));
        Thread.sleep(2);
        GaslessQuote b = quote(command(ETH, 3));
        long after = System.currentTimeMillis();
        long millis = Long.parseLong(a.quoteId().substring(2, 14), 16);
        assertThat(millis).isBetween(before, after);
        assertThat(b.quoteId()).matches("0x[0-9a-f]{64}").isGreaterThan(a.quoteId());
        // the other 26 bytes are random
        byte[] x = GaslessService.quoteId(before, new SecureRandom());
        byte[] y = GaslessService.quoteId(before, new SecureRandom());
        assertThat(Arrays.copyOf(x, 6)).isEqualTo(Arrays.copyOf(y, 6));
        assertThat(Arrays.copyOfRange(x, 6, 32)).isNotEqualTo(Arrays.copyOfRange(y, 6, 32));
    }

    @Test
    void quotesForOneOwnerNeverShareANonce() {
        GaslessQuote a = quote(command(ETH, 2));
        GaslessQuote b = quote(command(ETH, 3));
        assertThat(b.nonce().value()).isEqualTo(a.nonce().value() + 1);
    }
}
