import { createTheme } from '@mui/material/styles';
import { brand, brandFonts, FOCUS_OUTLINE } from '../components/brand';

export { brand };

const headingFont = brandFonts.heading;
/** The smallest tap target on phones (Apple HIG; WCAG 2.5.5). */
export const TAP = 44;

const bodyFont = brandFonts.body;

/**
 * LayerLoft's face: warm ember coral and sea teal on a cream "print bed", sunflower and lilac
 * accents like filament spools; Fredoka (rounded, toy-like) for headings, Nunito for text. Every
 * text colour on the cream background passes WCAG AA (primary 4.8:1, secondary 4.8:1).
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.coral, light: brand.coralLight, dark: '#9E3414', contrastText: '#FFFFFF' },
    secondary: { main: brand.teal, light: '#3BA99F', dark: '#0B5C56', contrastText: '#FFFFFF' },
    warning: { main: brand.sun, contrastText: brand.ink },
    info: { main: brand.lilac },
    background: { default: brand.cream, paper: '#FFFFFF' },
    text: { primary: brand.ink, secondary: brand.inkSoft },
    divider: brand.line,
  },
  shape: { borderRadius: 14 },
  typography: {
    fontFamily: bodyFont,
    h1: { fontFamily: headingFont, fontWeight: 650, letterSpacing: '-0.01em', lineHeight: 1.08 },
    h2: { fontFamily: headingFont, fontWeight: 650, letterSpacing: '-0.01em', lineHeight: 1.12 },
    h3: { fontFamily: headingFont, fontWeight: 600, lineHeight: 1.15 },
    h4: { fontFamily: headingFont, fontWeight: 600, lineHeight: 1.2 },
    h5: { fontFamily: headingFont, fontWeight: 600 },
    h6: { fontFamily: headingFont, fontWeight: 600 },
    subtitle1: { fontWeight: 600 },
    button: { fontFamily: headingFont, fontWeight: 600, textTransform: 'none', letterSpacing: '0.01em' },
    overline: { fontFamily: headingFont, fontWeight: 600, letterSpacing: '0.12em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: brand.cream },
        // One focus ring, drawn the moment the keyboard reaches a control: MUI's buttons showed only
        // a focus ripple that grew in over half a second. Text fields keep their own focused border.
        // (Specificity 0,1,1: above a component's reset, below its own `&:focus-visible`.)
        ':focus-visible:not(input, textarea, select)': { outline: FOCUS_OUTLINE, outlineOffset: 2 },
        'img, svg': { maxWidth: '100%' },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': { transitionDuration: '0.01ms !important', animationDuration: '0.01ms !important' },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: ({ theme: t }) => ({ borderRadius: 999, paddingInline: 22, [t.breakpoints.down('sm')]: { minHeight: TAP } }),
        sizeLarge: { paddingBlock: 12, paddingInline: 30, fontSize: '1.05rem' },
      },
    },
    MuiIconButton: {
      defaultProps: { disableFocusRipple: true },
      styleOverrides: {
        root: ({ theme: t }) => ({
          [t.breakpoints.down('sm')]: { minWidth: TAP, minHeight: TAP },
        }),
      },
    },
    // Phones: every control a finger hits is at least 44 px (small fields, checkboxes, pages).
    MuiPaginationItem: {
      styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minWidth: TAP, height: TAP, marginInline: 1 } }) },
    },
    MuiOutlinedInput: {
      styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) .MuiInputBase-input': { paddingTop: 10.5, paddingBottom: 10.5 } } }) },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { '&.MuiInputLabel-sizeSmall.MuiInputLabel-outlined:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' } } }),
      },
    },
    MuiCheckbox: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { padding: 10 } }) } },
    MuiRadio: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { padding: 10 } }) } },
    MuiBreadcrumbs: {
      styleOverrides: {
        li: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { '& > a': { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: TAP, minWidth: TAP } } }),
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 22,
          border: `1px solid ${brand.line}`,
          boxShadow: '0 8px 28px rgba(43, 34, 51, 0.06)',
        },
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 700, fontFamily: headingFont } } },
    MuiBadge: { styleOverrides: { badge: { fontWeight: 800, fontFamily: headingFont } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 22 } } },
    MuiSkeleton: { defaultProps: { animation: 'wave' } },
  },
});
