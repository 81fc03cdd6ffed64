import { useEffect } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Heading, Page } from '@crease/ui';
import { findPolicy } from '../policies/index';
import type { PolicyBlock } from '../policies/policy-document';
import { LegalMessagesProvider, useMessages } from '../messages';
import styles from './legal-screen.module.css';

/** A policy's date, a calendar day (UTC), as the language writes it ("29 November 2026"). */
function formatDate(iso: string, locale: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return date.toLocaleDateString(locale, {
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

/** The parcel's root: the policy page in the language the shell passes. */
export function LegalScreen(props: ScreenProps) {
  return (
    <LegalMessagesProvider language={props.language}>
      <PolicyPage {...props} />
    </LegalMessagesProvider>
  );
}

/**
 * One policy page, chosen by `screen`; a contents list links to each section. The documents are
 * written in English, and English is their binding version (decision 477): in another language
 * the page's own words, the title and a summary are translated, a notice says in that language
 * that the text is English and binding, and the English text is marked `lang="en"` so a screen
 * reader reads it in English.
 */
function PolicyPage({ screen, location }: ScreenProps) {
  const policy = findPolicy(screen);
  const { t, rich, language, locale } = useMessages();

  // Deep links to a section (#refunds) land on it once the section exists.
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [location.hash, screen]);

  if (!policy) {
    return (
      <Page width="reading">
        <Alert tone="error" title={t('legal.notFound.title')}>
          <p>{t('legal.notFound.text', { screen })}</p>
        </Alert>
      </Page>
    );
  }

  const english = language === 'en';
  // In English the document's own title; in another language the catalogue's (the same words in
  // English, which the catalogue test checks).
  const title = english ? policy.title : t(`policy.${policy.id}.title`);
  const date = formatDate(policy.lastUpdated, english ? 'en-GB' : locale);
  return (
    <Page width="reading">
      <article className={styles.article} aria-labelledby="policy-title">
        <header className={styles.header}>
          <Heading level={1} id="policy-title">
            {title}
          </Heading>
          <p className={styles.updated}>
            {rich('legal.updated', {
              date,
              time: (chunks) => (
                <time key="date" dateTime={policy.lastUpdated}>
                  {chunks}
                </time>
              ),
            })}
          </p>
          {english ? (
            <p className={styles.summary}>{policy.summary}</p>
          ) : (
            <Alert tone="info" title={t('legal.englishOnly.title')}>
              <p>{t('legal.englishOnly.text', { summary: t(`policy.${policy.id}.summary`) })}</p>
              <p>{t('legal.englishOnly.help')}</p>
            </Alert>
          )}
        </header>
        <nav aria-label={t('legal.contents')} className={styles.contents}>
          <p className={styles.contentsTitle}>{t('legal.contents')}</p>
          <ol className={styles.contentsList} lang="en">
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
            lang="en"
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
