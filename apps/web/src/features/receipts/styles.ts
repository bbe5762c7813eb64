/**
 * The Mantine styles of receipts's components, with those they are built on, in Mantine's order; each
 * of its modules that renders them imports this first, so they arrive with its chunk, before its CSS
 * modules (src/app/mantine-styles.test.ts checks the list).
 */
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
