package dev.junction.chain.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * What chain mode's cold load encodes and decodes thousands of times: words (unsigned and two's complement) and
 * Multicall3's {@code aggregate3} call as the straightforward encoding writes them (a reference copy below, over
 * BigInteger and string concatenation), {@code aggregate3}'s results decoded back, and words read back.
 */
class AbiDecoderProperties {

    /** One call of a Multicall3 batch. */
    record Call(Address target, String data) {
    }

    @Property(tries = 300)
    void wordsAndAggregate3EqualTheReferenceEncoding(@ForAll Random random) {
        long v = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(1 << 20);
        assertThat(Abi.word(Abi.int256(v))).isEqualTo(referenceWord(BigInteger.valueOf(v)));
        BigInteger big = new BigInteger(random.nextInt(255) + 1, random);
        BigInteger signed = random.nextBoolean() ? big : big.shiftRight(1).negate();
        assertThat(Abi.word(Abi.int256(signed))).isEqualTo(referenceWord(signed));
        assertThat(AbiDecoder.int256("0x" + referenceWord(signed), 0)).isEqualTo(signed);
        BigInteger unsigned = new BigInteger(256, random);
        assertThat(Abi.word(Abi.uint256(unsigned))).isEqualTo(referenceWord(unsigned));
        assertThat(AbiDecoder.uint(referenceWord(unsigned), 0)).isEqualTo(unsigned);
        List<Call> calls = calls(random);
        assertThat(aggregate3(calls)).isEqualTo(referenceAggregate3(calls));
    }

    @Property(tries = 100)
    void addressesAndTopicsReadBackWhatWasWritten(@ForAll Random random) {
        byte[] raw = new byte[20];
        random.nextBytes(raw);
        Address a = Address.evm("0x" + HexFormat.of().formatHex(raw));
        String data = Abi.encodeHex(Abi.uint256(7), Abi.address(a));
        assertThat(AbiDecoder.words(data)).isEqualTo(2);
        assertThat(AbiDecoder.address(data, 1)).isEqualTo(a);
        assertThat(AbiDecoder.address(Bytes32.of("0x" + Abi.word(Abi.address(a))))).isEqualTo(a);
        int tick = random.nextInt(1_774_545) - 887_272;
        Bytes32 topic = Bytes32.of("0x" + Abi.word(Abi.int256(tick)));
        assertThat(AbiDecoder.int256(topic)).isEqualTo(BigInteger.valueOf(tick));
        assertThat(AbiDecoder.bytes32(data, 0)).isEqualTo(Bytes32.of(BigInteger.valueOf(7)));
    }

    @Property(tries = 300)
    void aggregate3ResultsDecodeEachCallsReturnDataOrAFailure(@ForAll Random random) {
        List<String> results = new ArrayList<>();
        for (int i = 0; i < random.nextInt(20); i++) {
            if (random.nextInt(5) == 0) {
                results.add(null);
            } else {
                byte[] data = new byte[random.nextInt(100)];
                random.nextBytes(data);
                results.add("0x" + HexFormat.of().formatHex(data));
            }
        }
        assertThat(AbiDecoder.callResults(encodeResults(results))).isEqualTo(results);
    }

    @Example
    void zeroWordsAndOversizedValues() {
        assertThat(AbiDecoder.isZero("0x" + "0".repeat(64), 0)).isTrue();
        assertThat(AbiDecoder.isZero("0x" + "0".repeat(63) + "1", 0)).isFalse();
        assertThat(AbiDecoder.isZero("0x" + "0".repeat(64) + "0".repeat(64), 1)).isTrue();
        assertThat(AbiDecoder.isZero("0x", 0)).isFalse();
        assertThatThrownBy(() -> Abi.int256(BigInteger.ONE.shiftLeft(255)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Abi.word(Abi.bytes(new byte[1]))).isInstanceOf(IllegalArgumentException.class);
        String oversized = "0x" + Abi.word(Abi.uint256(32)) + "f".repeat(64);
        assertThatThrownBy(() -> AbiDecoder.callResults(oversized)).isInstanceOf(IllegalArgumentException.class);
    }

    @Example
    void aStringOrABytes32TextReturnIsRead() {
        assertThat(AbiDecoder.string(Abi.encodeHex(Abi.bytes32(Bytes32.of("0x" + HexFormat.of().formatHex(
                "MKR".getBytes()) + "0".repeat(58)))))).isEqualTo("MKR");
        assertThat(AbiDecoder.string(Abi.encodeHex(Abi.bytes("Maker".getBytes())))).isEqualTo("Maker");
    }

    /** Multicall3's {@code aggregate3(calls)} with allowFailure = true for each, as chain mode encodes it. */
    static String aggregate3(List<Call> calls) {
        return Abi.callHex("aggregate3((address,bool,bytes)[])", Abi.tupleArray(calls.stream()
                .map(c -> Abi.tuple(Abi.address(c.target()), Abi.bool(true), Abi.bytes(Hex.decode(c.data()))))
                .toList()));
    }

    static List<Call> calls(Random random) {
        List<Call> calls = new ArrayList<>();
        for (int i = 0; i < random.nextInt(12); i++) {
            byte[] address = new byte[20];
            random.nextBytes(address);
            StringBuilder data = new StringBuilder(Abi.callHex("f(uint256)"));
            for (int w = 0; w < random.nextInt(4); w++) {
                data.append(Abi.word(Abi.uint256(random.nextInt(1000))));
            }
            if (random.nextBoolean()) {
                data.append("ab".repeat(random.nextInt(40)));
            }
            calls.add(new Call(Address.evm("0x" + HexFormat.of().formatHex(address)), data.toString()));
        }
        return calls;
    }

    /** The encoding as first written. */
    static String referenceWord(BigInteger v) {
        BigInteger u = v.signum() < 0 ? v.add(BigInteger.ONE.shiftLeft(256)) : v;
        String h = u.toString(16);
        return "0".repeat(64 - h.length()) + h;
    }

    static String referenceAggregate3(List<Call> calls) {
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        int offset = calls.size() * 32;
        List<String> tuples = new ArrayList<>();
        for (Call c : calls) {
            String data = AbiDecoder.strip(c.data());
            int len = data.length() / 2;
            int padded = (len + 31) / 32 * 32;
            tuples.add("0".repeat(24) + c.target().lower().substring(2) + referenceWord(BigInteger.ONE)
                    + referenceWord(BigInteger.valueOf(96)) + referenceWord(BigInteger.valueOf(len)) + data
                    + "0".repeat((padded - len) * 2));
        }
        for (String t : tuples) {
            head.append(referenceWord(BigInteger.valueOf(offset)));
            offset += t.length() / 2;
            tail.append(t);
        }
        return Abi.callHex("aggregate3((address,bool,bytes)[])") + referenceWord(BigInteger.valueOf(32))
                + referenceWord(BigInteger.valueOf(calls.size())) + head + tail;
    }

    /** aggregate3's return value, (bool success, bytes returnData)[], as Multicall3 encodes it. */
    static String encodeResults(List<String> results) {
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        int offset = results.size() * 32;
        for (String r : results) {
            String data = r == null ? "" : AbiDecoder.strip(r);
            int len = data.length() / 2;
            int padded = (len + 31) / 32 * 32;
            String tuple = referenceWord(BigInteger.valueOf(r == null ? 0 : 1)) + referenceWord(BigInteger.valueOf(64))
                    + referenceWord(BigInteger.valueOf(len)) + data + "0".repeat((padded - len) * 2);
            head.append(referenceWord(BigInteger.valueOf(offset)));
            offset += tuple.length() / 2;
            tail.append(tuple);
        }
        return "0x" + referenceWord(BigInteger.valueOf(32)) + referenceWord(BigInteger.valueOf(results.size())) + head
                + tail;
    }
}
