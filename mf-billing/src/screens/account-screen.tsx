import type { ScreenProps } from '@crease/contract';
import { ScreenFrame } from '../components/screen-frame';
import { LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { loadAccount } from './account/account-data';
import { DataExportSection } from './account/data-export-section';
import { DeleteAccountSection } from './account/delete-account-section';
import { DevicesSection } from './account/devices-section';
import { EmailChangeSection } from './account/email-change-section';
import { PlanSection } from './account/plan-section';
import { PreferencesSection } from './account/preferences-section';
import { SecuritySection } from './account/security-section';
import { useMessages } from '../messages';
import styles from './account-screen.module.css';

/**
 * /account: everything in the Account overview (docs/product.md §3): the plan and its state with its dates
 * in local time, trial time left, devices (sign one out), preferences, password, cancel, and
 * deleting the account; and moving it to another email (decision 423).
 * One section a file (screens/account/); this screen loads the account and lays them out.
 */
export function AccountScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry, replace } = useResource(() => loadAccount(platform), []);
  const { t } = useMessages();
  return (
    <ScreenFrame titleId="account-title" eyebrow={t('account.eyebrow')} title={t('nav.account')}>
      {resource.state === 'loading' ? <Loading label={t('account.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('account.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <div className={styles.grid}>
          <PlanSection
            data={resource.data}
            platform={platform}
            navigate={navigate}
            onChanged={(subscription) =>
              replace({
                ...resource.data,
                statics: { ...resource.data.statics, subscription },
              })
            }
          />
          <DevicesSection
            statics={resource.data.statics}
            platform={platform}
            onChange={(devices) =>
              replace({ ...resource.data, statics: { ...resource.data.statics, devices } })
            }
          />
          <PreferencesSection data={resource.data} platform={platform} />
          <SecuritySection
            email={resource.data.overview.userProfile.email}
            navigate={navigate}
            platform={platform}
          />
          <EmailChangeSection
            email={resource.data.overview.userProfile.email}
            platform={platform}
          />
          <DataExportSection platform={platform} />
          <DeleteAccountSection
            planName={
              resource.data.statics.subscription.entitled
                ? resource.data.statics.subscription.planName
                : null
            }
            platform={platform}
            navigate={navigate}
          />
        </div>
      ) : null}
    </ScreenFrame>
  );
}
