"""The Streamlit app's pages and widgets. Pages only ask the engines; no rule lives here."""
