import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useGetReviewSettingsQuery } from './staffReviewsApi';
import { reviewSettingsEdited, selectStaffReviews } from './staffReviewsSlice';
import { saveReviewSettings } from './staffReviewsThunks';

/** The console settings' review part: publish at once, and the words that always hold a review. */
export function ReviewSettingsPanel() {
  const dispatch = useAppDispatch();
  const { data, isError } = useGetReviewSettingsQuery();
  const { settingsDraft, busy, message } = useAppSelector(selectStaffReviews);
  if (isError) return <Alert severity="error">The review settings could not be loaded.</Alert>;
  if (!data) return null;
  const shown = settingsDraft ?? { publishAtOnce: data.publishAtOnce, blockList: data.blockList.join('\n') };
  return (
    <Box component="form" method="post" aria-labelledby="review-settings-title" noValidate onSubmit={(e) => { e.preventDefault(); void dispatch(saveReviewSettings()); }} sx={{ display: 'grid', gap: 2, mt: 4 }}>
      <Typography id="review-settings-title" component="h2" variant="h5">
        Reviews
      </Typography>
      <FormControlLabel
        control={<Switch checked={shown.publishAtOnce} onChange={(e) => dispatch(reviewSettingsEdited({ ...shown, publishAtOnce: e.target.checked }))} />}
        label="Publish reviews at once (a link, a phone number or a blocked word is always held)"
      />
      <TextField
        label="Blocked words"
        value={shown.blockList}
        onChange={(e) => dispatch(reviewSettingsEdited({ ...shown, blockList: e.target.value }))}
        multiline
        minRows={3}
        helperText="One word or phrase a line: a review holding one waits for a person."
      />
      {message && busy === null && settingsDraft === null && message.text === 'Review settings saved' && <Alert severity="success">{message.text}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={settingsDraft === null || busy !== null}>
          Save review settings
        </Button>
      </Box>
    </Box>
  );
}
