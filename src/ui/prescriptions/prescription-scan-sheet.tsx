import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { scanOf, type PrescriptionFormActor, type PrescriptionFormSnapshot } from '../../machines/prescription/prescription-form.machine';
import type { ReadingStage } from '../../machines/prescription-scan/prescription-reading';
import type { PrescriptionScanActor, PrescriptionScanSnapshot, ScanPreview } from '../../machines/prescription-scan/prescription-scan.machine';
import { Button, buttonClassName } from '../shared/button';
import styles from './prescription-scan.module.css';

const stageWords = (intl: IntlShape, stage: ReadingStage) => {
  switch (stage) {
    case 'loading':
      return intl.formatMessage({ id: 'eyewear.scan.stage.loading', defaultMessage: 'Getting the reader ready…' });
    case 'finding-page':
      return intl.formatMessage({ id: 'eyewear.scan.stage.findingPage', defaultMessage: 'Finding the paper…' });
    case 'cleaning':
      return intl.formatMessage({ id: 'eyewear.scan.stage.cleaning', defaultMessage: 'Straightening the photo…' });
    case 'recognising':
      return intl.formatMessage({ id: 'eyewear.scan.stage.recognising', defaultMessage: 'Reading the text…' });
    case 'reading-layout':
      return intl.formatMessage({ id: 'eyewear.scan.stage.readingLayout', defaultMessage: 'Finding the values…' });
  }
};

/** The scan's state, as the sheet shows it. */
function sheetStateOf(s: PrescriptionScanSnapshot) {
  if (s.matches('idle')) return 'idle' as const;
  if (s.matches('choosing')) return 'choosing' as const;
  if (s.matches({ camera: 'starting' })) return 'starting' as const;
  if (s.matches({ camera: 'live' })) return 'live' as const;
  if (s.matches({ camera: 'capturing' })) return 'capturing' as const;
  if (s.matches('cameraUnavailable')) return 'cameraUnavailable' as const;
  if (s.matches('reading')) return 'reading' as const;
  if (s.matches('done')) return 'done' as const;
  if (s.matches('nothingFound')) return 'nothingFound' as const;
  return 'failed' as const;
}

const selectScan = (s: PrescriptionFormSnapshot) => scanOf(s);
const selectAsking = (s: PrescriptionFormSnapshot) => s.matches({ scan: 'askingReplace' });

/** "Choose a photo": a file input behind a label that looks like a button (the camera app on a phone). */
function PhotoInput({ scan, idBase, priority = 'normal' }: { scan: PrescriptionScanActor; idBase: string; priority?: 'normal' | 'high' }) {
  return (
    <>
      <input
        id={`${idBase}-photo`}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        onChange={(e) => {
          const photo = e.target.files?.[0];
          if (photo) scan.send({ type: 'scan.choosePhoto', photo });
          e.target.value = '';
        }}
      />
      <label htmlFor={`${idBase}-photo`} className={buttonClassName({ priority }, styles.fileLabel)}>
        <FormattedMessage id="eyewear.scan.choosePhoto" defaultMessage="Choose a photo" />
      </label>
    </>
  );
}

function CameraPreview({ preview }: { preview: ScanPreview | null }) {
  const intl = useIntl();
  return (
    <video
      className={styles.preview}
      aria-label={intl.formatMessage({ id: 'eyewear.scan.preview', defaultMessage: 'What the camera sees' })}
      muted
      playsInline
      autoPlay
      ref={(video) => {
        if (video && video.srcObject !== preview) video.srcObject = preview;
      }}
    />
  );
}

/**
 * "Scan your prescription" beside the form: the button, then the sheet (camera or photo, the
 * reading's progress, what was read). The scan is the form's child; this view sends it events.
 */
export function PrescriptionScan({ form, idBase }: { form: PrescriptionFormActor; idBase: string }) {
  const scan = useSelector(form, selectScan);
  if (!scan) return null;
  return <ScanSheet form={form} scan={scan} idBase={idBase} />;
}

/** The sheet on a given scan (the form's own, or a story's). */
export function ScanSheet({ form, scan, idBase }: { form: PrescriptionFormActor; scan: PrescriptionScanActor; idBase: string }) {
  const intl = useIntl();
  const state = useSelector(scan, sheetStateOf);
  const context = useSelector(scan, (s) => s.context);
  const asking = useSelector(form, selectAsking);
  const toCheck = useSelector(form, (s) => s.context.toCheck.length);
  const heading = useRef<HTMLHeadingElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const open = state !== 'idle';
  // focus goes into the sheet when it opens, and back to its button when it closes
  useEffect(() => {
    if (open && !wasOpen.current) heading.current?.focus();
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = (words: ReactNode = <FormattedMessage id="eyewear.scan.close" defaultMessage="Close" />) => (
    <Button priority="low" onClick={() => scan.send({ type: 'scan.close' })}>
      {words}
    </Button>
  );

  if (!open)
    return (
      <div className={styles.scan}>
        <button
          ref={button}
          type="button"
          className={buttonClassName()}
          onClick={() => scan.send({ type: 'scan.open' })}
          aria-describedby={`${idBase}-scan-privacy`}
        >
          <FormattedMessage id="eyewear.scan.open" defaultMessage="Scan your prescription" />
        </button>
        <p id={`${idBase}-scan-privacy`} className={styles.privacy}>
          <FormattedMessage id="eyewear.scan.privacy" defaultMessage="Read on your device: the photo never leaves it." />
        </p>
      </div>
    );

  const progress = context.progress;
  const readCount = context.reading?.read.length ?? 0;
  return (
    <section className={styles.sheet} aria-labelledby={`${idBase}-scan-title`}>
      <h3 id={`${idBase}-scan-title`} ref={heading} tabIndex={-1} className={styles.title}>
        <FormattedMessage id="eyewear.scan.title" defaultMessage="Scan your prescription" />
      </h3>
      <p className={styles.privacy}>
        <FormattedMessage
          id="eyewear.scan.privacyLong"
          defaultMessage="The photo is read here, on your device, and never leaves it. Check every value against your paper."
        />
      </p>
      {/* the reading's progress and outcome are announced */}
      <div role="status" aria-live="polite">
        {state === 'reading' ? (
          <>
            <p>{progress ? stageWords(intl, progress.stage) : stageWords(intl, 'loading')}</p>
            <progress
              className={styles.progress}
              max={1}
              value={progress?.fraction ?? undefined}
              aria-label={intl.formatMessage({ id: 'eyewear.scan.progress', defaultMessage: 'Reading your prescription' })}
            />
          </>
        ) : null}
        {state === 'done' && !asking ? (
          <p>
            <FormattedMessage
              id="eyewear.scan.done"
              defaultMessage="{read, plural, one {# value filled in from your photo.} other {# values filled in from your photo.}}"
              values={{ read: readCount }}
            />{' '}
            {toCheck > 0 ? (
              <FormattedMessage
                id="eyewear.scan.doneToCheck"
                defaultMessage="{check, plural, one {# is marked “Check this”: compare it with your paper.} other {# are marked “Check this”: compare them with your paper.}}"
                values={{ check: toCheck }}
              />
            ) : (
              <FormattedMessage id="eyewear.scan.doneCheckAll" defaultMessage="Check them against your paper." />
            )}
            {context.reading?.transposed ? (
              <>
                {' '}
                <FormattedMessage
                  id="eyewear.scan.transposed"
                  defaultMessage="Your paper writes the cylinder as a plus value: the form shows the same prescription with a minus cylinder."
                />
              </>
            ) : null}
          </p>
        ) : null}
        {state === 'nothingFound' ? (
          <p>
            <FormattedMessage
              id="eyewear.scan.nothingFound"
              defaultMessage="No prescription was found on this photo. Try a photo of the whole paper, flat and in good light."
            />
          </p>
        ) : null}
      </div>

      {state === 'choosing' ? (
        <div className={styles.actions}>
          <Button priority="high" onClick={() => scan.send({ type: 'scan.useCamera' })}>
            <FormattedMessage id="eyewear.scan.useCamera" defaultMessage="Use the camera" />
          </Button>
          <PhotoInput scan={scan} idBase={idBase} />
          {close(<FormattedMessage id="eyewear.scan.cancel" defaultMessage="Cancel" />)}
        </div>
      ) : null}

      {state === 'starting' || state === 'live' || state === 'capturing' ? (
        <>
          {state === 'starting' ? (
            <p>
              <FormattedMessage id="eyewear.scan.starting" defaultMessage="Starting the camera… Your browser may ask you to allow it." />
            </p>
          ) : null}
          <CameraPreview preview={context.preview} />
          <p className={styles.privacy}>
            <FormattedMessage id="eyewear.scan.aim" defaultMessage="Hold the whole paper flat in the picture, in good light." />
          </p>
          <div className={styles.actions}>
            <Button
              priority="high"
              disabled={state !== 'live'}
              aria-busy={state === 'capturing' || undefined}
              onClick={() => scan.send({ type: 'scan.takePhoto' })}
            >
              <FormattedMessage id="eyewear.scan.takePhoto" defaultMessage="Take photo" />
            </Button>
            <PhotoInput scan={scan} idBase={idBase} />
            {close(<FormattedMessage id="eyewear.scan.cancel" defaultMessage="Cancel" />)}
          </div>
        </>
      ) : null}

      {state === 'cameraUnavailable' ? (
        <>
          <p role="alert" className={styles.alert}>
            {context.cameraProblem === 'denied' ? (
              <FormattedMessage
                id="eyewear.scan.cameraDenied"
                defaultMessage="The camera is not allowed. You can choose a photo of your prescription instead."
              />
            ) : context.cameraProblem === 'missing' ? (
              <FormattedMessage id="eyewear.scan.cameraMissing" defaultMessage="No camera was found. You can choose a photo of your prescription instead." />
            ) : (
              <FormattedMessage id="eyewear.scan.cameraFailed" defaultMessage="The camera did not work. You can try it again, or choose a photo instead." />
            )}
          </p>
          <div className={styles.actions}>
            <PhotoInput scan={scan} idBase={idBase} priority="high" />
            <Button onClick={() => scan.send({ type: 'scan.useCamera' })}>
              <FormattedMessage id="eyewear.scan.cameraAgain" defaultMessage="Try the camera again" />
            </Button>
            {close(<FormattedMessage id="eyewear.scan.cancel" defaultMessage="Cancel" />)}
          </div>
        </>
      ) : null}

      {state === 'reading' ? (
        <div className={styles.actions}>
          <Button negative onClick={() => scan.send({ type: 'scan.cancel' })}>
            <FormattedMessage id="eyewear.scan.stop" defaultMessage="Stop reading" />
          </Button>
        </div>
      ) : null}

      {state === 'done' && asking ? (
        <>
          <p role="alert">
            <FormattedMessage
              id="eyewear.scan.replaceQuestion"
              defaultMessage="Replace what you typed? The values read from the photo will replace the ones you typed in those fields."
            />
          </p>
          <div className={styles.actions}>
            <Button priority="high" onClick={() => form.send({ type: 'prescription.replaceWithScan' })}>
              <FormattedMessage id="eyewear.scan.replace" defaultMessage="Replace with the photo’s values" />
            </Button>
            <Button onClick={() => form.send({ type: 'prescription.keepTyped' })}>
              <FormattedMessage id="eyewear.scan.keepTyped" defaultMessage="Keep what I typed" />
            </Button>
          </div>
        </>
      ) : null}
      {state === 'done' && !asking ? (
        <div className={styles.actions}>{close(<FormattedMessage id="eyewear.scan.toForm" defaultMessage="Check the values" />)}</div>
      ) : null}

      {state === 'nothingFound' ? (
        <div className={styles.actions}>
          <Button priority="high" onClick={() => scan.send({ type: 'scan.retry' })}>
            <FormattedMessage id="eyewear.scan.another" defaultMessage="Try another photo" />
          </Button>
          {close()}
        </div>
      ) : null}

      {state === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>
            {context.failure === 'readerUnavailable' ? (
              <FormattedMessage
                id="eyewear.scan.readerUnavailable"
                defaultMessage="The reader could not be loaded: you may be offline. Connect to the internet once and try again, or type the values in."
              />
            ) : (
              <FormattedMessage id="eyewear.scan.unreadable" defaultMessage="This photo could not be read. Try again, or choose another photo." />
            )}
          </p>
          <div className={styles.actions}>
            <Button priority="high" onClick={() => scan.send({ type: 'scan.retry' })}>
              <FormattedMessage id="eyewear.scan.retry" defaultMessage="Try again" />
            </Button>
            <PhotoInput scan={scan} idBase={idBase} />
            {close()}
          </div>
        </>
      ) : null}
    </section>
  );
}
