package dev.junction.execution;

/** An execution plan names something the market does not have (a chain, pool, token or bridge lane). */
public class InvalidPlanException extends RuntimeException {

    public InvalidPlanException(String message) {
        super(message);
    }
}
