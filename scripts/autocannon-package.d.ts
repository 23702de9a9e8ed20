// Types for the `autocannon` npm package (9.x), which ships none: only the parts scripts/bench-load.ts uses.
// (Named autocannon-package.d.ts, as server/sms/smpp-package.d.ts is: TypeScript ignores a .d.ts beside a
// .ts of the same name.)
declare module "autocannon" {
  namespace autocannon {
    /** One request as autocannon sends it; a setupRequest answers it changed. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface RequestStep {
      setupRequest?: (request: Request) => Request | undefined;
    }

    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds after which a request counts as a timeout. */
      timeout?: number;
      requests?: RequestStep[];
    }

    /** Figures of a histogram (requests/s, latency in ms, throughput in bytes/s). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Seconds the run lasted. */
      duration: number;
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      resets: number;
      non2xx: number;
      "2xx": number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }

  /** Runs the load; resolves with its figures. */
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;

  export = autocannon;
}
