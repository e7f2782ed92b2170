package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import java.time.Instant;

/**
 * What issuing a gasless quote fixes, whichever executor runs it: its id, its time, the permit deadline
 * ({@code deadlineMinutes} from now), the receiver and the route's output and minimum.
 *
 * @param deadline the permit deadline, Unix seconds
 */
record QuoteBasics(String quoteId, Instant now, long deadline, Address receiver, Amount amountOut,
        Amount amountOutMin) {
}
