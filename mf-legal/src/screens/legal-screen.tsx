import { useEffect } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Heading, Page } from '@crease/ui';
import { findPolicy } from '../policies/index';
import type { PolicyBlock } from '../policies/policy-document';
import styles from './legal-screen.module.css';

function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function Block({ block }: { block: PolicyBlock }) {
  if (block.kind === 'list') {
    return (
      <ul className={styles.list}>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return <p className={styles.paragraph}>{block.text}</p>;
}

/** One policy page, chosen by `screen`; a contents list links to each section. */
export function LegalScreen({ screen, location }: ScreenProps) {
  const policy = findPolicy(screen);

  // Deep links to a section (#refunds) land on it once the section exists.
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [location.hash, screen]);

  if (!policy) {
    return (
      <Page width="reading">
        <Alert tone="error" title="Policy not found">
          <p>There is no policy called “{screen}”.</p>
        </Alert>
      </Page>
    );
  }

  return (
    <Page width="reading">
      <article className={styles.article} aria-labelledby="policy-title">
        <header className={styles.header}>
          <Heading level={1} id="policy-title">
            {policy.title}
          </Heading>
          <p className={styles.updated}>
            Last updated <time dateTime={policy.lastUpdated}>{formatDate(policy.lastUpdated)}</time>
          </p>
          <p className={styles.summary}>{policy.summary}</p>
        </header>
        <nav aria-label="Contents" className={styles.contents}>
          <p className={styles.contentsTitle}>Contents</p>
          <ol className={styles.contentsList}>
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {policy.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className={styles.section}
          >
            <Heading level={2} id={`${section.id}-heading`}>
              {section.heading}
            </Heading>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
