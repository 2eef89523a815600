import { useState } from 'react';
import { Link } from 'react-router';
import type { EditorProfile } from '#app/server/studio.server.ts';
import { BIO_MAX } from '#common/studio/profileSchema.ts';
import { localPhone } from '#common/phone.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import type { AssetView } from '#app/server/studio.server.ts';
import { useT } from '#app/i18n/useT.ts';
import { type Flash, SaveMessage } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';
import { UploadField } from './UploadField.tsx';

/**
 * The creator's public profile: bio and avatar (uploaded like thumbnails), shown on their public page; and
 * the daily SMS of questions waiting for their answer (only with a phone proven by a code).
 */
export function ProfileForm({ profile }: { profile: EditorProfile }) {
  const { t } = useT();
  const [bio, setBio] = useState(profile.bio);
  const [avatar, setAvatar] = useState<AssetView | null>(profile.avatar);
  const [digest, setDigest] = useState(profile.questionDigestSms);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setFlash(null);
    try {
      await studioApi(
        '/profile',
        { method: 'PUT', json: { bio, avatarId: avatar?.id ?? null, questionDigestSms: digest } },
        STUDIO_MESSAGES.profileSaveFailed,
      );
      setFlash({ kind: 'success', text: STUDIO_MESSAGES.profileSaved });
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : STUDIO_MESSAGES.profileSaveFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="studio-profile" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('studio.profile.title')}</h2>
      <p className="studio-welcome">
        {t('studio.profile.seenOn')} <Link to={profile.publicPath}>{t('studio.profile.creatorPage')}</Link>{' '}
        {t('studio.profile.oncePublished')}
      </p>
      <form className="studio-form" onSubmit={save} noValidate>
        <label className="field">
          <span className="field-label">{t('studio.profile.bio')}</span>
          <textarea value={bio} onChange={(e) => setBio(e.target.value)} maxLength={BIO_MAX} rows={4} name="bio" />
        </label>
        <UploadField kind="image" label={t('studio.profile.avatar')} value={avatar} onChange={setAvatar} />
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={digest}
            aria-describedby="digest-hint"
            checked={digest}
            disabled={!profile.digestPhone && !digest}
            onChange={(e) => setDigest(e.target.checked)}
            name="questionDigestSms"
          />
          <span>{t('studio.profile.digest')}</span>
        </label>
        <p className="field-hint" id="digest-hint">
          {profile.digestPhone ? (
            t('studio.profile.digestHint', { phone: localPhone(profile.digestPhone) })
          ) : (
            <>
              {t('studio.profile.digestNoPhone')} <Link to="/account">{t('studio.profile.digestAccount')}</Link>.
            </>
          )}
        </p>
        <SaveMessage flash={flash} />
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('studio.saving') : t('studio.profile.save')}
        </button>
      </form>
    </section>
  );
}
