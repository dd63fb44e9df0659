import '@mantine/core/styles.css';
import { Container, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { SamplePreview } from '../../../web/components/sample-preview';
import { integratedLoudness, truePeakDb } from '../../../web/lib/loudness';
import { encodeForAir } from '../../../web/lib/normalise-for-air';
import { DECODE_SAMPLE_RATE, loadSampleAudio } from '../../../web/lib/normalised-audio';
import { cssVariablesResolver, theme } from '../../../web/theme';

/**
 * A test-only page (built by e2e/sample-loudness.test.ts, never shipped): SamplePreview rows as the
 * Admin Console's Request Approvals will show them (`?samples=1:Quiet singer,2:Loud singer`), and
 * `window.loudnessHarness`, which runs lib/normalised-audio.ts in the real browser and measures what
 * comes out.
 */

const decodeContext = () => new OfflineAudioContext({ numberOfChannels: 1, length: 1, sampleRate: DECODE_SAMPLE_RATE });

async function decodeUrl(url: string) {
  const decoded = await decodeContext().decodeAudioData(await (await fetch(url)).arrayBuffer());
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, c) => decoded.getChannelData(c));
  return { channels, sampleRate: decoded.sampleRate, seconds: decoded.duration };
}

const figures = (channels: Float32Array[], sampleRate: number) => ({
  lufs: integratedLoudness(channels, sampleRate),
  peakDbtp: truePeakDb(channels),
});

const harness = {
  /** The recording at `url` before and after loadSampleAudio, both decoded by the browser, and the time it took. */
  async measure(url: string) {
    const before = await decodeUrl(url);
    const started = performance.now();
    const audio = await loadSampleAudio(url);
    const ms = performance.now() - started;
    const after = await decodeUrl(audio.src);
    audio.release();
    return {
      seconds: before.seconds,
      channels: before.channels.length,
      before: figures(before.channels, before.sampleRate),
      after: figures(after.channels, after.sampleRate),
      normalised: audio.normalised,
      report: audio.report,
      ms,
    };
  },

  /**
   * Prepares the sample at `url` while watching the main thread: the longest task it saw (long
   * tasks are those over 50 ms), and how long the same work takes when run on the main thread.
   */
  async mainThreadWhilePreparing(url: string) {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const started = performance.now();
    const audio = await loadSampleAudio(url);
    const ms = performance.now() - started;
    // Long tasks are reported after they end: one more turn of the event loop collects the last.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const entry of observer.takeRecords()) tasks.push(entry.duration);
    observer.disconnect();
    audio.release();
    const decoded = await decodeUrl(url);
    const onMainThread = performance.now();
    encodeForAir(decoded.channels, decoded.sampleRate);
    return { ms, longestTaskMs: Math.max(0, ...tasks), normalised: audio.normalised, onMainThreadMs: performance.now() - onMainThread };
  },
};
Object.assign(window, { loudnessHarness: harness });

const samples = (new URLSearchParams(location.search).get('samples') ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [id, name] = entry.split(':');
    return { id: Number(id), name: name ?? `Sample ${id}` };
  });

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Container size="sm" py="md">
      <Title order={1} fz="h3" mb="md">
        Held samples
      </Title>
      <Stack gap="sm">
        {samples.map((sample) => (
          <Paper key={sample.id} withBorder p="sm">
            <Text fw={600} size="sm" mb={6}>
              {sample.name}
            </Text>
            <SamplePreview sampleId={sample.id} label={`sample by ${sample.name}`} />
          </Paper>
        ))}
      </Stack>
    </Container>
  </MantineProvider>,
);
