import amqplib from 'amqplib';
import { DEFAULT_RETRY_DELAYS_MS } from '@laundry/platform';

/**
 * Deletes what the RabbitMQ buses of one test namespace declared: each consumer's queue with its retry and
 * parking queues, then the namespaced exchanges, so test runs leave the shared broker as they found it.
 */
export async function removeBrokerNamespace(
  amqpUrl: string,
  namespace: string,
  consumers: string[],
): Promise<void> {
  const connection = await amqplib.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const consumer of consumers) {
      const queue = `${namespace}${consumer}`;
      for (const name of [
        queue,
        `${queue}.dead`,
        ...DEFAULT_RETRY_DELAYS_MS.map((ms) => `${queue}.retry.${ms}ms`),
      ]) {
        await channel.deleteQueue(name);
      }
    }
    await channel.deleteExchange(`${namespace}laundry.events`);
    await channel.deleteExchange(`${namespace}laundry.dlx`);
  } finally {
    await connection.close();
  }
}
