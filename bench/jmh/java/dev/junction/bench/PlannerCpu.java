package dev.junction.bench;

import com.sun.management.ThreadMXBean;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * The planner's CPU time per quote (not wall time) over {@link PlannerBenchmark}'s mix: on a shared, loaded machine a
 * thread waits for a core for a large and varying part of its wall time, while its own CPU time per quote stays
 * comparable between runs. Prints each batch's CPU microseconds and allocated kilobytes per quote, and the median.
 * Run: {@code java -cp <bench classpath> dev.junction.bench.PlannerCpu [batches] [quotes per batch] [MB touched]}.
 *
 * <p>In the server a plan costs about half again as much as here (PERFORMANCE.md, tenth pass): the rest of each request
 * (HTTP, JSON, storage, other threads) evicts the market's data from the caches between plans. With a third argument
 * the thread reads and writes that many megabytes of its own memory between two plans (not counted: the CPU time
 * of the touching is taken off), so a change of the planner's data layout can be judged under the server's conditions.
 */
public final class PlannerCpu {

    private PlannerCpu() {
    }

    public static void main(String[] args) {
        int batches = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int perBatch = args.length > 1 ? Integer.parseInt(args[1]) : 16_000;
        int touchedMb = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        long[] elsewhere = new long[touchedMb * 131_072];
        MarketSnapshot snapshot = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        List<RouteRequest> requests = PlannerBenchmark.requests(snapshot);
        RoutePlanner planner = new RoutePlanner();
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        long touchedSum = 0;
        for (int i = 0; i < 3 * perBatch; i++) { // warm-up: the JIT compiles the planner
            sink += planner.plan(snapshot, requests.get(i & 7)).size();
        }
        double[] us = new double[batches];
        double[] kb = new double[batches];
        for (int b = 0; b < batches; b++) {
            long touching = 0;
            long start = threads.getCurrentThreadCpuTime();
            long allocated = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < perBatch; i++) {
                sink += planner.plan(snapshot, requests.get(i & 7)).size();
                if (elsewhere.length > 0) {
                    long t = threads.getCurrentThreadCpuTime();
                    touchedSum += touch(elsewhere);
                    touching += threads.getCurrentThreadCpuTime() - t;
                }
            }
            us[b] = (threads.getCurrentThreadCpuTime() - start - touching) / 1_000.0 / perBatch;
            kb[b] = (threads.getCurrentThreadAllocatedBytes() - allocated) / 1_024.0 / perBatch;
            System.out.printf("batch %d: %.1f us CPU, %.1f KB allocated per quote%n", b + 1, us[b], kb[b]);
        }
        Arrays.sort(us);
        Arrays.sort(kb);
        System.out.printf("median %.1f us CPU per quote (min %.1f, max %.1f), %.1f KB allocated; %d routes planned%n",
                us[batches / 2], us[0], us[batches - 1], kb[batches / 2], sink);
        if (touchedMb > 0) {
            System.out.printf("%d MB touched between plans (checksum %d)%n", touchedMb, touchedSum);
        }
    }

    /** Reads and writes every cache line of the array once; returns a value the JIT cannot drop. */
    private static long touch(long[] memory) {
        long sum = 0;
        for (int i = 0; i < memory.length; i += 8) {
            sum += ++memory[i];
        }
        return sum;
    }
}
