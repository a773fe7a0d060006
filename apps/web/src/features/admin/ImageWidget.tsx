import { Button, Card, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { fieldLabel } from '../../i18n/models.ts';
import classes from './admin.module.css';
import { type AdminRecord, useRefreshModel } from './api.ts';
import { addImageFromUrl, adminThumb, removeImage, uploadImage } from './images.ts';

interface Props {
  model: string;
  record: AdminRecord;
  field: string;
}

/**
 * One image field of a record (§2.13): its 150×150 thumbnail, 'Add Image ({field})' from a file or
 * a remote URL (the URL wins when filled, §5) and 'Remove Image ({field})'.
 */
export function ImageWidget({ model, record, field }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshModel();
  const thumb = adminThumb(model, record, field);
  // A picture stored before the 2× variants existed has none: then the 1× thumbnail alone. One the
  // storage cannot give (still being drawn, or lost) says so instead of a broken picture.
  const [plain, setPlain] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | undefined>();

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      toast.success(done);
      setFile(null);
      setUrl('');
      await refresh(model);
    } catch (e) {
      setError(e instanceof HttpError ? (e.body?.message ?? messages.genericError) : messages.genericError);
      toast.error(messages.editError);
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(
      () =>
        url.trim()
          ? addImageFromUrl(model, record._id, field, url.trim())
          : file
            ? uploadImage(model, record._id, field, file, file.name)
            : Promise.reject(new Error('nothing chosen')),
      t.imageSaved,
    );

  return (
    <Card withBorder padding="sm" data-testid={`image-${field}`}>
      <Stack gap="xs">
        <Text fw={600}>{fieldLabel(model, field)}</Text>
        {thumb && failed === thumb.src ? (
          <div className={`${classes.thumb} ${classes.thumbNote}`} data-testid={`image-${field}-unavailable`}>
            {t.imageUnavailable(fieldLabel(model, field))}
          </div>
        ) : thumb ? (
          <img
            src={thumb.src}
            srcSet={plain === thumb.src ? undefined : thumb.srcSet}
            onError={() => (plain === thumb.src ? setFailed(thumb.src) : setPlain(thumb.src))}
            alt={t.imageOf(fieldLabel(model, field), record._id)}
            width={150}
            height={150}
            className={classes.thumb}
          />
        ) : (
          <div className={classes.thumb} role="img" aria-label={t.noImageYet(fieldLabel(model, field))} />
        )}
        <FileInput label={t.imageFile} accept="image/*" value={file} onChange={setFile} clearable size="xs" />
        <TextInput
          label={t.remoteUrl}
          placeholder="https://"
          translate="no"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          size="xs"
          error={error}
        />
        <Group gap="xs">
          <Button size="xs" onClick={add} loading={busy} disabled={!file && !url.trim()}>
            {t.addImage(fieldLabel(model, field))}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={!thumb || busy}
            onClick={() => run(() => removeImage(model, record._id, field), t.imageRemoved)}
          >
            {t.removeImage(fieldLabel(model, field))}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
