package dev.junction.quote;

/**
 * The quote store refuses a new quote because the database has not kept up (its write queue stayed full for the write
 * wait): the HTTP edge answers 503, code 9005, with {@code Retry-After}. The quote is not answered, so no pathId exists
 * that a build or gasless submit could reference and not find.
 */
public class QuoteStoreUnavailableException extends RuntimeException {

    /** Seconds a client should wait before retrying. */
    public static final int RETRY_AFTER_SECONDS = 1;

    public QuoteStoreUnavailableException(String message) {
        super(message);
    }
}
