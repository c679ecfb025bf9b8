"""The app's pages: small scripts that st.navigation runs (see assistant/ui/nav.py)."""
