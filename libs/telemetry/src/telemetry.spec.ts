import { Counter, type Registry } from 'prom-client';
import { appMetrics, createTelemetry, withTelemetry } from './telemetry';

describe('createTelemetry', () => {
  it('keeps traces off without an OTLP endpoint, and turns them on with the standard variables', async () => {
    expect(createTelemetry('a', {}).tracing).toBeUndefined();
    expect(
      createTelemetry('a', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).tracing,
    ).toBeUndefined();
    expect(
      createTelemetry('a', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })
        .tracing,
    ).toBeUndefined();
    const on = createTelemetry('a', { OTEL_TRACES_EXPORTER: 'otlp' });
    expect(on.tracing).toBeDefined();
    await on.close();
    expect(() =>
      createTelemetry('a', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toThrow('OTEL_EXPORTER_OTLP_PROTOCOL grpc is not supported here: use http/protobuf or http/json');
  });

  it("gives each app its own registry, found through the app's scope; none outside an app or with METRICS_ENABLED=false", async () => {
    const build = (registry: Registry) => new Counter({ name: 'x_total', help: 'x', registers: [registry] });
    const [a, b, off] = [
      createTelemetry('a', {}),
      createTelemetry('b', {}),
      createTelemetry('c', { METRICS_ENABLED: 'false' }),
    ];
    withTelemetry(a, () => appMetrics('x', build)!.inc(2));
    withTelemetry(b, () => appMetrics('x', build)!.inc());
    await new Promise((r) => setImmediate(r));
    expect(await a.registry.getSingleMetricAsString('x_total')).toMatch(/^x_total 2$/m);
    expect(await b.registry.getSingleMetricAsString('x_total')).toMatch(/^x_total 1$/m);
    expect(appMetrics('x', build)).toBeUndefined();
    expect(withTelemetry(off, () => appMetrics('x', build))).toBeUndefined();
    expect((await off.registry.metrics()).trim()).toBe('');
  });
});
